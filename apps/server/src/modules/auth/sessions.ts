import { createHash, randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { nowIso, systemClock, type Clock } from '../../lib/time';

export const SESSION_COOKIE = 'oj_session';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface ResolvedSession {
  id: string;
  userId: number;
  /** A new expiry when the session was slid forward: the cookie must be sent again. */
  renewedUntil: Date | null;
}

interface SessionMeta {
  ip: string;
  userAgent: string;
}

/** Where session records live: the database (default) or Redis (when configured). */
interface SessionStore {
  insert(id: string, userId: number, expires: Date, meta: SessionMeta): Promise<void>;
  find(id: string): Promise<{ userId: number; expiresAt: number } | null>;
  extend(id: string, userId: number, expires: Date): Promise<void>;
  remove(id: string): Promise<void>;
  removeAllOf(userId: number, exceptId?: string | null): Promise<void>;
  purgeExpired(): Promise<void>;
}

function dbStore(db: Kysely<Database>, clock: Clock): SessionStore {
  return {
    async insert(id, userId, expires, meta) {
      await db
        .insertInto('sessions')
        .values({
          id,
          user_id: userId,
          created_at: nowIso(clock),
          expires_at: expires.toISOString(),
          ip: meta.ip.slice(0, 64),
          user_agent: meta.userAgent.slice(0, 300),
        })
        .execute();
    },
    async find(id) {
      const row = await db
        .selectFrom('sessions')
        .select(['user_id', 'expires_at'])
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? { userId: row.user_id, expiresAt: Date.parse(row.expires_at) } : null;
    },
    async extend(id, _userId, expires) {
      await db
        .updateTable('sessions')
        .set({ expires_at: expires.toISOString() })
        .where('id', '=', id)
        .execute();
    },
    async remove(id) {
      await db.deleteFrom('sessions').where('id', '=', id).execute();
    },
    async removeAllOf(userId, exceptId) {
      let q = db.deleteFrom('sessions').where('user_id', '=', userId);
      if (exceptId) q = q.where('id', '!=', exceptId);
      await q.execute();
    },
    async purgeExpired() {
      await db.deleteFrom('sessions').where('expires_at', '<', nowIso(clock)).execute();
    },
  };
}

/**
 * Redis: one key per session (expiring with it) plus a set of each user's session ids, so that a
 * ban or a password reset can end all of them. Every session lives `ttl` from its last use, so the
 * newest write always has the latest expiry: the set simply takes it.
 */
function redisStore(redis: Redis, prefix: string, clock: Clock): SessionStore {
  const key = (id: string) => `${prefix}session:${id}`;
  const userKey = (userId: number) => `${prefix}user-sessions:${userId}`;
  return {
    async insert(id, userId, expires) {
      const ttl = Math.max(1, expires.getTime() - clock.now());
      await redis
        .multi()
        .set(key(id), JSON.stringify({ userId, expiresAt: expires.getTime() }), 'PX', ttl)
        .sadd(userKey(userId), id)
        .pexpire(userKey(userId), ttl)
        .exec();
    },
    async find(id) {
      const raw = await redis.get(key(id));
      if (!raw) return null;
      const v = JSON.parse(raw) as { userId: number; expiresAt: number };
      return { userId: v.userId, expiresAt: v.expiresAt };
    },
    async extend(id, userId, expires) {
      const ttl = Math.max(1, expires.getTime() - clock.now());
      await redis
        .multi()
        .set(key(id), JSON.stringify({ userId, expiresAt: expires.getTime() }), 'PX', ttl)
        .pexpire(userKey(userId), ttl)
        .exec();
    },
    async remove(id) {
      await redis.del(key(id));
    },
    async removeAllOf(userId, exceptId) {
      const ids = (await redis.smembers(userKey(userId))).filter((id) => id !== exceptId);
      if (!ids.length) return;
      await redis
        .multi()
        .del(...ids.map(key))
        .srem(userKey(userId), ...ids)
        .exec();
    },
    async purgeExpired() {}, // keys expire by themselves
  };
}

/**
 * Server-side sessions. The cookie holds a random token; the store keeps its sha256 (a leaked
 * store gives no usable cookie), the user and the expiry. Sliding expiry: a session used after half
 * its lifetime is extended by a full one.
 */
export function createSessionsService(opts: {
  db: Kysely<Database>;
  ttlMs: number;
  clock?: Clock;
  redis?: Redis | null;
  redisPrefix?: string;
}) {
  const { ttlMs } = opts;
  const clock = opts.clock ?? systemClock;
  const store = opts.redis
    ? redisStore(opts.redis, opts.redisPrefix ?? 'oj:', clock)
    : dbStore(opts.db, clock);
  return {
    backend: opts.redis ? ('redis' as const) : ('database' as const),

    async create(userId: number, meta: SessionMeta): Promise<{ token: string; expires: Date }> {
      const token = randomBytes(32).toString('base64url');
      const expires = new Date(clock.now() + ttlMs);
      await store.insert(hashToken(token), userId, expires, meta);
      return { token, expires };
    },

    async resolve(token: string): Promise<ResolvedSession | null> {
      const id = hashToken(token);
      const s = await store.find(id);
      if (!s) return null;
      const now = clock.now();
      if (s.expiresAt <= now) {
        await store.remove(id);
        return null;
      }
      if (s.expiresAt - now < ttlMs / 2) {
        const renewed = new Date(now + ttlMs);
        await store.extend(id, s.userId, renewed);
        return { id, userId: s.userId, renewedUntil: renewed };
      }
      return { id, userId: s.userId, renewedUntil: null };
    },

    destroy: (sessionId: string) => store.remove(sessionId),

    /** Ends every session of a user (ban, password reset), optionally keeping one. */
    destroyAllOf: (userId: number, exceptSessionId?: string | null) =>
      store.removeAllOf(userId, exceptSessionId),

    purgeExpired: () => store.purgeExpired(),
  };
}
export type SessionsService = ReturnType<typeof createSessionsService>;
