import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { nowIso } from '../../lib/time';

export const SESSION_COOKIE = 'oj_session';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface ResolvedSession {
  id: string;
  userId: number;
  /** A new expiry when the session was slid forward: the cookie must be sent again. */
  renewedUntil: Date | null;
}

/**
 * Server-side sessions. The cookie holds a random token; the table holds its sha256, the user and
 * the expiry. Sliding expiry: a session used after half its lifetime is extended by a full one.
 */
export function createSessionsService(db: Kysely<Database>, ttlMs: number) {
  return {
    async create(
      userId: number,
      meta: { ip: string; userAgent: string },
    ): Promise<{ token: string; expires: Date }> {
      const token = randomBytes(32).toString('base64url');
      const expires = new Date(Date.now() + ttlMs);
      await db
        .insertInto('sessions')
        .values({
          id: hashToken(token),
          user_id: userId,
          created_at: nowIso(),
          expires_at: expires.toISOString(),
          ip: meta.ip.slice(0, 64),
          user_agent: meta.userAgent.slice(0, 300),
        })
        .execute();
      return { token, expires };
    },

    async resolve(token: string): Promise<ResolvedSession | null> {
      const id = hashToken(token);
      const row = await db
        .selectFrom('sessions')
        .select(['user_id', 'expires_at'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return null;
      const now = Date.now();
      const expiresAt = Date.parse(row.expires_at);
      if (expiresAt <= now) {
        await db.deleteFrom('sessions').where('id', '=', id).execute();
        return null;
      }
      if (expiresAt - now < ttlMs / 2) {
        const renewed = new Date(now + ttlMs);
        await db
          .updateTable('sessions')
          .set({ expires_at: renewed.toISOString() })
          .where('id', '=', id)
          .execute();
        return { id, userId: row.user_id, renewedUntil: renewed };
      }
      return { id, userId: row.user_id, renewedUntil: null };
    },

    async destroy(sessionId: string): Promise<void> {
      await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
    },

    /** Ends every session of a user (ban, password reset), optionally keeping one. */
    async destroyAllOf(userId: number, exceptSessionId?: string | null): Promise<void> {
      let q = db.deleteFrom('sessions').where('user_id', '=', userId);
      if (exceptSessionId) q = q.where('id', '!=', exceptSessionId);
      await q.execute();
    },

    async purgeExpired(): Promise<void> {
      await db.deleteFrom('sessions').where('expires_at', '<', nowIso()).execute();
    },
  };
}
export type SessionsService = ReturnType<typeof createSessionsService>;
