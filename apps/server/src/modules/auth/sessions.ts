import { createHash, randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { nowIso, type Clock } from '../../lib/time';
import type { SessionsDeps } from './deps';
import * as repo from './repo';
import type { Db } from './repo';

export const SESSION_COOKIE = 'oj_session';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface ResolvedSession {
  id: string;
  userId: number;
  /** A new expiry when the session was slid forward: the cookie must be sent again. */
  renewedUntil: Date | null;
}

export interface SessionMeta {
  ip: string;
  userAgent: string;
}

/** Where session records live: the database (default) or Redis (when configured). */
export interface SessionStore {
  insert(id: string, userId: number, expires: Date, meta: SessionMeta): Promise<void>;
  find(id: string): Promise<{ userId: number; expiresAt: number } | null>;
  extend(id: string, userId: number, expires: Date): Promise<void>;
  remove(id: string): Promise<void>;
  removeAllOf(userId: number, exceptId?: string | null): Promise<void>;
  purgeExpired(): Promise<void>;
}

/** The database store: the sessions table, through the repo. */
function dbStore(db: Db, clock: Clock): SessionStore {
  return {
    insert: (id, userId, expires, meta) =>
      repo.insertSession(db, {
        id,
        user_id: userId,
        created_at: nowIso(clock),
        expires_at: expires.toISOString(),
        ip: meta.ip.slice(0, 64),
        user_agent: meta.userAgent.slice(0, 300),
      }),
    async find(id) {
      const row = await repo.sessionById(db, id);
      return row ? { userId: row.user_id, expiresAt: Date.parse(row.expires_at) } : null;
    },
    extend: (id, _userId, expires) => repo.extendSession(db, id, expires.toISOString()),
    remove: (id) => repo.deleteSession(db, id),
    removeAllOf: (userId, exceptId) => repo.deleteSessionsOf(db, userId, exceptId),
    purgeExpired: () => repo.deleteExpiredSessions(db, nowIso(clock)),
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

/** The sessions' context: where they are kept, how long they live, the clock. */
export interface Sessions {
  store: SessionStore;
  ttlMs: number;
  clock: Clock;
}

/** The store of the configuration: Redis when given, else the database. */
export const sessionStore = (d: SessionsDeps, clock: Clock): SessionStore =>
  d.redis ? redisStore(d.redis, d.redisPrefix ?? 'oj:', clock) : dbStore(d.db, clock);

/** A new session of `userId`: the cookie's token (only its hash is stored) and its expiry. */
export async function createSession(
  d: Sessions,
  userId: number,
  meta: SessionMeta,
): Promise<{ token: string; expires: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(d.clock.now() + d.ttlMs);
  await d.store.insert(hashToken(token), userId, expires, meta);
  return { token, expires };
}

/**
 * The session of a cookie's token, or null (unknown or expired: then removed). Sliding expiry: a
 * session used after half its lifetime is extended by a full one.
 */
export async function resolveSession(d: Sessions, token: string): Promise<ResolvedSession | null> {
  const id = hashToken(token);
  const s = await d.store.find(id);
  if (!s) return null;
  const now = d.clock.now();
  if (s.expiresAt <= now) {
    await d.store.remove(id);
    return null;
  }
  if (s.expiresAt - now < d.ttlMs / 2) {
    const renewed = new Date(now + d.ttlMs);
    await d.store.extend(id, s.userId, renewed);
    return { id, userId: s.userId, renewedUntil: renewed };
  }
  return { id, userId: s.userId, renewedUntil: null };
}
