import { Role } from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { Users, UsersDeps } from './deps';
import { hashPassword } from './password';
import * as repo from './repo';
import type { UserRow } from './tables';

/** Unique-constraint violations look different on each driver; both mean "already taken". */
const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: string; message?: string };
  return (
    err.code === '23505' ||
    err.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    /UNIQUE constraint failed/.test(err.message ?? '')
  );
};

/**
 * A write to accounts and its mark for the search index (outbox topic 'user': the index re-reads
 * name, profile, rating, ban) in one transaction, so the index follows exactly the writes that
 * commit. `write` gets the transaction; `ids` says whom the write changed, from what it returned.
 */
export function indexedWrite<T>(
  d: Pick<UsersDeps, 'db' | 'outbox'>,
  write: (trx: repo.Db) => Promise<T>,
  ids: (result: T) => number[],
): Promise<T> {
  return repo.inTransaction(d.db, async (trx) => {
    const result = await write(trx);
    for (const id of ids(result)) await d.outbox.add(trx, 'user', id);
    return result;
  });
}

export async function requireUser(d: UsersDeps, uuid: number): Promise<UserRow> {
  const u = await repo.byId(d.db, d.contests, uuid);
  if (!u) throw notFound(`用户 ${uuid} 不存在`);
  return u;
}

export interface NewAccount {
  account: string;
  email: string | null;
  username?: string;
  password: string; // plain text, hashed here; '' = no password (OAuth)
  role?: number;
  isBoss?: boolean;
  avatar?: string;
  /** An account made for someone else (classes' bulk accounts): its first login must change the password. */
  mustChangePassword?: boolean;
}

export async function createAccount(d: UsersDeps, a: NewAccount): Promise<UserRow> {
  if (await repo.byAccount(d.db, d.contests, a.account))
    throw conflict(`账号「${a.account}」已被注册`, 'account');
  if (a.email && (await repo.byEmail(d.db, d.contests, a.email)))
    throw conflict(`邮箱「${a.email}」已被注册`, 'email');
  const password_hash = a.password ? await hashPassword(a.password, d.argon2) : '';
  try {
    return await indexedWrite(
      d,
      (trx) =>
        repo.insert(trx, {
          account: a.account,
          email: a.email ? a.email.toLowerCase() : null,
          password_hash,
          username: a.username || a.account,
          avatar: a.avatar ?? '',
          role: a.role ?? Role.User,
          is_boss: a.isBoss ? 1 : 0,
          must_change_password: a.mustChangePassword ? 1 : 0,
        }),
      (row) => [row.id],
    );
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict('账号或邮箱已被注册');
    throw e;
  }
}

/** False for a wrong password or no user, in the same time either way. */
export const checkPassword = (d: Users, u: UserRow | undefined, plain: string): Promise<boolean> =>
  d.verify(u?.password_hash, plain);

/** Password reset: new hash, and every other session of the user ends. */
export async function resetPassword(
  d: UsersDeps,
  u: UserRow,
  plain: string,
  keepSessionId: string | null,
): Promise<void> {
  await repo.update(d.db, u.id, { password_hash: await hashPassword(plain, d.argon2) });
  await d.sessions.destroyAllOf(u.id, keepSessionId);
}

/**
 * The signed-in user changes its password, proving the current one: the new hash clears the
 * "must change" mark of a bulk account, and every other session of the user ends.
 */
export async function changePassword(
  d: Users,
  uuid: number,
  current: string,
  plain: string,
  keepSessionId: string | null,
): Promise<void> {
  const u = await requireUser(d, uuid);
  if (!(await d.verify(u.password_hash, current))) throw badRequest('当前密码不正确', 'old_password');
  if (current === plain) throw badRequest('新密码不能与当前密码相同', 'password');
  await repo.update(d.db, u.id, {
    password_hash: await hashPassword(plain, d.argon2),
    must_change_password: 0,
  });
  await d.sessions.destroyAllOf(u.id, keepSessionId);
}

/**
 * Live users as the viewers they would be, signed in (no session): who may read what is decided
 * for them as for a request of theirs (站内消息 go only to those who may read the content).
 */
export async function viewersOf(d: UsersDeps, ids: number[]): Promise<Viewer[]> {
  const rows = await repo.byIds(d.db, d.contests, ids);
  return rows.map((u) => ({
    uuid: u.id,
    role: u.role as Viewer['role'],
    isBoss: u.is_boss === 1,
    sessionId: null,
  }));
}

/** Completes a row read without `rated` (the session's) for presenting it. */
export const withRated = async (d: UsersDeps, u: repo.UserColumns): Promise<UserRow> => ({
  ...u,
  rated: await d.contests.isRated(u.id),
});
