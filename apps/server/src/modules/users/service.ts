import {
  PROFILE_MAX,
  Role,
  type AdminRegisterRequest,
  type PageQuery,
  type UserModifyRequest,
} from '@oj/shared';
import type { Kysely } from 'kysely';
import type { Database, UserRow, UserUpdate } from '../../db/types';
import type { Viewer } from '../../lib/auth';
import type { Outbox } from '../../lib/outbox';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { can, type TargetUser } from '../../lib/permissions';
import type { SessionsService } from '../auth';
import { shanghaiDate } from '../problems';
import { type Argon2Cost, constantTimeVerifier, hashPassword } from './password';
import { ratedPage } from './leaderboard';
import { ratingsOf, setRatings } from './ratings';
import { createUsersRepo, type UserColumns, type UsersRepo } from './repo';
import { checkTags, parseTagsString } from './tags';

const target = (u: UserRow): TargetUser => ({ uuid: u.id, role: u.role, isBoss: u.is_boss === 1 });

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
 * commit. `ids` says whom the write changed, from what it returned.
 */
function indexedWrite(deps: { db: Kysely<Database>; outbox: Pick<Outbox, 'add'> }) {
  return <T>(write: (repo: UsersRepo) => Promise<T>, ids: (result: T) => number[]): Promise<T> =>
    deps.db.transaction().execute(async (trx) => {
      const result = await write(createUsersRepo(trx));
      for (const id of ids(result)) await deps.outbox.add(trx, 'user', id);
      return result;
    });
}

/** The search index's reads (modules/search): live users by id, and ids in batches. */
const searchReads = (repo: ReturnType<typeof createUsersRepo>) => ({
  forIndex: repo.byIds,
  idsAfter: repo.idsAfter,
  /** Ids of live users by exact account or nickname (the records page's user filter). */
  idsNamed: repo.idsNamed,
});

/** Told of a counted card view (viewer, owner); the social module records visitors through it. */
export type CardViewListener = (viewerId: number, uuid: number) => Promise<void>;

/**
 * User card: public fields. A signed-in reader other than the owner counts one reading a day
 * (Asia/Shanghai) and is heard by the card-view listeners; anonymous calls count none, so a
 * script cannot inflate the counter.
 */
async function readCard(
  repo: ReturnType<typeof createUsersRepo>,
  onCardView: CardViewListener,
  viewer: Viewer,
  uuid: number,
): Promise<UserRow> {
  const u = await repo.byId(uuid);
  if (!u) throw notFound(`用户 ${uuid} 不存在`);
  if (viewer.uuid <= 0 || viewer.uuid === uuid) return u;
  if (await repo.countReading(uuid, viewer.uuid, shanghaiDate())) u.readings += 1;
  await onCardView(viewer.uuid, uuid);
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
}

/**
 * Users: accounts, profiles, roles. Every permission decision goes through `can()`; sessions are
 * ended through the sessions service when a user is banned or its password reset.
 */
async function viewersOf(repo: UsersRepo, ids: number[]): Promise<Viewer[]> {
  const rows = await repo.byIds(ids);
  return rows.map((u) => ({ uuid: u.id, role: u.role as Viewer['role'], isBoss: u.is_boss === 1, sessionId: null }));
}

export function createUsersService(deps: {
  db: Kysely<Database>;
  sessions: SessionsService;
  argon2: Argon2Cost;
  /** Account writes record topic 'user' (the search index follows it). */
  outbox: Pick<Outbox, 'add'>;
  /** A counted card view (the social module's visit log, built before the users). */
  onCardView: CardViewListener;
}) {
  const repo = createUsersRepo(deps.db);
  const indexed = indexedWrite(deps);
  const { sessions } = deps;
  const verify = constantTimeVerifier(deps.argon2);

  async function requireUser(uuid: number): Promise<UserRow> {
    const u = await repo.byId(uuid);
    if (!u) throw notFound(`用户 ${uuid} 不存在`);
    return u;
  }

  async function create(a: NewAccount): Promise<UserRow> {
    if (await repo.byAccount(a.account)) throw conflict(`账号「${a.account}」已被注册`, 'account');
    if (a.email && (await repo.byEmail(a.email))) throw conflict(`邮箱「${a.email}」已被注册`, 'email');
    const password_hash = a.password ? await hashPassword(a.password, deps.argon2) : '';
    try {
      return await indexed(
        (r) =>
          r.insert({
            account: a.account,
            email: a.email ? a.email.toLowerCase() : null,
            password_hash,
            username: a.username || a.account,
            avatar: a.avatar ?? '',
            role: a.role ?? Role.User,
            is_boss: a.isBoss ? 1 : 0,
          }),
        (row) => [row.id],
      );
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict('账号或邮箱已被注册');
      throw e;
    }
  }

  return {
    byId: repo.byId,
    /** Live users (banned ones included) by id, one statement. */
    byIds: repo.byIds,
    /**
     * Live users as the viewers they would be, signed in (no session): who may read what is decided
     * for them as for a request of theirs (站内消息 go only to those who may read the content).
     */
    viewersOf: (ids: number[]) => viewersOf(repo, ids),
    inactiveIds: repo.inactiveIds,
    /** The session hook's read on every request: without `rated`, which only presenting a user needs. */
    sessionById: repo.columnsById,
    /** Completes a row read without `rated` (the session's) for presenting it. */
    withRated: async (u: UserColumns): Promise<UserRow> => ({ ...u, rated: await repo.isRated(u.id) }),
    byEmail: repo.byEmail,
    byAccount: repo.byAccount,
    byAccountOrEmail: repo.byAccountOrEmail,
    anyBoss: repo.anyBoss,
    briefs: repo.briefs,
    ...searchReads(repo),
    /** Ids of live accounts by their exact account names (@mentions). */
    idsOfAccounts: repo.idsOfAccounts,
    /** Ratings read and written inside the caller's transaction (the rating engine's). */
    ratingsOf,
    setRatings,
    /** The rating ranking: users with a rated contest, best first (leaderboard.ts). */
    ratedPage: (pageNum: number, pageSize: number) => ratedPage(deps.db, pageNum, pageSize),
    requireUser,

    create,

    /** False for a wrong password or no user, in the same time either way. */
    checkPassword: (u: UserRow | undefined, plain: string) => verify(u?.password_hash, plain),

    /** Password reset: new hash, and every other session of the user ends. */
    async resetPassword(u: UserRow, plain: string, keepSessionId: string | null): Promise<void> {
      await repo.update(u.id, { password_hash: await hashPassword(plain, deps.argon2) });
      await sessions.destroyAllOf(u.id, keepSessionId);
    },

    async modify(viewer: Viewer, req: UserModifyRequest): Promise<UserRow> {
      const patch: UserUpdate = { username: req.username };
      if (req.gender !== undefined) patch.gender = req.gender;
      if (req.birth !== undefined) patch.birth = req.birth;
      if (req.school !== undefined) patch.school = req.school;
      if (req.phone !== undefined) patch.phone = req.phone.trim();
      if (req.url !== undefined) patch.url = req.url.trim();
      if (req.hobby !== undefined) patch.hobby = req.hobby;
      // SPEC §5: the profile text is cut, not refused, at 99 characters (code points, not UTF-16 units).
      if (req.profile !== undefined) patch.profile = Array.from(req.profile).slice(0, PROFILE_MAX).join('');
      if (req.tag_list !== undefined) patch.tags = JSON.stringify(checkTags(req.tag_list, 'tag_list'));
      else if (req.tags !== undefined)
        patch.tags = JSON.stringify(checkTags(parseTagsString(req.tags), 'tags'));
      if (req.email !== undefined) {
        const email = req.email.toLowerCase();
        const me = await requireUser(viewer.uuid);
        // Changing the address would bypass its verification: it is set at registration only.
        if (email !== (me.email ?? '')) throw badRequest('邮箱需要通过验证码验证，不能在资料中直接修改', 'email');
      }
      await indexed((r) => r.update(viewer.uuid, patch), () => [viewer.uuid]);
      return requireUser(viewer.uuid);
    },

    setAvatar: (uuid: number, url: string) => indexed((r) => r.update(uuid, { avatar: url }), () => [uuid]),
    /** Contest rating (the competitions module applies and rolls back rating changes through it). */
    setRating: (uuid: number, rating: number) => indexed((r) => r.update(uuid, { rating }), () => [uuid]),
    setBackground: (uuid: number, address: string) => repo.update(uuid, { background_picture: address }),

    card: (viewer: Viewer, uuid: number) => readCard(repo, deps.onCardView, viewer, uuid),

    search: (page: PageQuery, keyword: string) => repo.page(page, { keyword }),

    adminPage(viewer: Viewer, page: PageQuery, filter: { keyword?: string; role?: number }) {
      if (!can(viewer, { action: 'user.list' })) throw forbidden('需要管理员权限');
      return repo.page(page, { ...filter, withEmail: true });
    },

    /** All or nothing: one protected user in the list refuses the whole call. */
    async ban(viewer: Viewer, uuids: number[]): Promise<void> {
      const ids = [...new Set(uuids)];
      const users = await repo.byIds(ids);
      for (const id of ids) if (!users.some((u) => u.id === id)) throw notFound(`用户 ${id} 不存在`);
      for (const u of users) {
        if (!can(viewer, { action: 'user.ban', subject: target(u) })) {
          throw forbidden(
            u.id === viewer.uuid ? '不能封禁自己' : `不能封禁管理员或超级管理员（uuid ${u.id}）`,
          );
        }
      }
      await indexed((r) => r.setRole(ids, Role.Ban), () => ids);
      // The ban takes effect at once: the session hook reads the role on every request, refuses
      // these users and ends each session on its next API call, telling that page it was banned.
      // Sessions are ended there, not here, so the page still open learns why (SPEC §6 → /404).
    },

    async unban(viewer: Viewer, uuid: number): Promise<void> {
      const u = await requireUser(uuid);
      if (!can(viewer, { action: 'user.unban', subject: target(u) })) {
        throw u.role === Role.Ban ? forbidden() : badRequest(`用户 ${uuid} 没有被封禁`, 'uuid');
      }
      await indexed((r) => r.setRole([uuid], Role.User), () => [uuid]);
      // Sessions from before the ban that were never used since stay ended.
      await sessions.destroyAllOf(uuid);
    },

    async addAdmin(viewer: Viewer, req: AdminRegisterRequest, password: string): Promise<UserRow> {
      if (!can(viewer, { action: 'admin.manage' })) throw forbidden('需要超级管理员权限');
      return create({
        account: req.account,
        email: req.email || null,
        username: req.username,
        password,
        role: Role.Admin,
      });
    },

    async setAdmin(viewer: Viewer, uuid: number): Promise<void> {
      if (!can(viewer, { action: 'admin.manage' })) throw forbidden('需要超级管理员权限');
      const u = await requireUser(uuid);
      if (u.role === Role.Ban) throw badRequest(`用户 ${uuid} 已被封禁，请先解封`, 'uuid');
      if (u.role === Role.Admin) throw badRequest(`用户 ${uuid} 已经是管理员`, 'uuid');
      await repo.setRole([uuid], Role.Admin);
    },

    async revokeAdmin(viewer: Viewer, uuid: number): Promise<void> {
      const u = await requireUser(uuid);
      if (!can(viewer, { action: 'admin.revoke', subject: target(u) })) {
        throw forbidden(u.is_boss === 1 ? '不能撤销超级管理员' : '需要超级管理员权限');
      }
      if (u.role !== Role.Admin) throw badRequest(`用户 ${uuid} 不是管理员`, 'uuid');
      await repo.setRole([uuid], Role.User);
    },

    async admins(viewer: Viewer): Promise<UserRow[]> {
      if (!can(viewer, { action: 'admin.manage' })) throw forbidden('需要超级管理员权限');
      return repo.admins();
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
