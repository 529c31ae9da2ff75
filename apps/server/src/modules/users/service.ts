import type { AdminRegisterRequest, PageQuery, UserModifyRequest, UserSettingsRequest } from '@oj/shared';
import type { IdSubquery } from '../../db/scoped';
import type { Viewer } from '../../lib/auth';
import * as accounts from './accounts';
import * as adminOps from './admin-ops';
import type { Users, UsersDeps } from './deps';
import { ratedPage } from './leaderboard';
import { constantTimeVerifier } from './password';
import * as profile from './profile';
import { ratingsOf, setRatings } from './ratings';
import * as repo from './repo';
import type { UserRow } from './tables';

/**
 * Users: accounts, profiles, roles, bound to their dependencies. The operations are module-level
 * functions grouped by job: accounts.ts (creation, passwords, sessions' rows), profile.ts (the
 * owner's profile, the card, the search), admin-ops.ts (bans, admins), leaderboard.ts (the rating
 * ranking), ratings.ts (ratings inside the rating engine's transaction); reads come from repo.ts.
 */
export function createUsersService(deps: UsersDeps) {
  const d: Users = { ...deps, verify: constantTimeVerifier(deps.argon2) };
  const { db, contests } = d;
  return {
    byId: (id: number) => repo.byId(db, contests, id),
    /** Live users (banned ones included) by id, one statement. */
    byIds: (ids: number[]) => repo.byIds(db, contests, ids),
    viewersOf: (ids: number[]) => accounts.viewersOf(d, ids),
    /** Ids of banned or deleted users, a subquery other modules embed (social lists). */
    inactiveIds: (): IdSubquery => repo.inactiveIds(db),
    /** The session hook's read on every request: without `rated`, which only presenting a user needs. */
    sessionById: (id: number) => repo.columnsById(db, id),
    withRated: (u: repo.UserColumns) => accounts.withRated(d, u),
    byEmail: (email: string) => repo.byEmail(db, contests, email),
    byAccount: (account: string) => repo.byAccount(db, contests, account),
    byAccountOrEmail: (login: string) => repo.byAccountOrEmail(db, contests, login),
    anyBoss: () => repo.anyBoss(db),
    briefs: (ids: number[]) => repo.briefs(db, contests, ids),
    /** The search index's reads (modules/search): live users by id, and ids in batches. */
    forIndex: (ids: number[]) => repo.byIds(db, contests, ids),
    idsAfter: (after: number, limit: number) => repo.idsAfter(db, after, limit),
    /** Ids of live users by exact account or nickname (the records page's user filter). */
    idsNamed: (name: string) => repo.idsNamed(db, name),
    /** Ids of live accounts by their exact account names (@mentions). */
    idsOfAccounts: (names: string[]) => repo.idsOfAccounts(db, names),
    /** Ratings read and written inside the caller's transaction (the rating engine's). */
    ratingsOf,
    setRatings,
    /** The rating ranking: users with a rated contest, best first (leaderboard.ts). */
    ratedPage: (pageNum: number, pageSize: number) => ratedPage(d, pageNum, pageSize),
    requireUser: (uuid: number) => accounts.requireUser(d, uuid),
    create: (a: accounts.NewAccount) => accounts.createAccount(d, a),
    /** False for a wrong password or no user, in the same time either way. */
    checkPassword: (u: UserRow | undefined, plain: string) => accounts.checkPassword(d, u, plain),
    /** Password reset: new hash, and every other session of the user ends. */
    resetPassword: (u: UserRow, plain: string, keepSessionId: string | null) =>
      accounts.resetPassword(d, u, plain, keepSessionId),
    /** The signed-in user's own change, proving the current password (clears a bulk account's mark). */
    changePassword: (uuid: number, current: string, plain: string, keepSessionId: string | null) =>
      accounts.changePassword(d, uuid, current, plain, keepSessionId),
    modify: (viewer: Viewer, req: UserModifyRequest) => profile.modifyProfile(d, viewer, req),
    settings: (viewer: Viewer, req: UserSettingsRequest) => profile.setSettings(d, viewer, req),
    setAvatar: (uuid: number, url: string) => profile.setAvatar(d, uuid, url),
    /** Contest rating of one user. */
    setRating: (uuid: number, rating: number) => profile.setRating(d, uuid, rating),
    setBackground: (uuid: number, address: string) => profile.setBackground(d, uuid, address),
    card: (viewer: Viewer, uuid: number) => profile.readCard(d, viewer, uuid),
    search: (page: PageQuery, keyword: string) => profile.searchUsers(d, page, keyword),
    adminPage: (viewer: Viewer, page: PageQuery, filter: { keyword?: string; role?: number }) =>
      adminOps.adminPage(d, viewer, page, filter),
    /** All or nothing: one protected user in the list refuses the whole call. */
    ban: (viewer: Viewer, uuids: number[]) => adminOps.ban(d, viewer, uuids),
    unban: (viewer: Viewer, uuid: number) => adminOps.unban(d, viewer, uuid),
    addAdmin: (viewer: Viewer, req: AdminRegisterRequest, password: string) =>
      adminOps.addAdmin(d, viewer, req, password),
    setAdmin: (viewer: Viewer, uuid: number) => adminOps.setAdmin(d, viewer, uuid),
    revokeAdmin: (viewer: Viewer, uuid: number) => adminOps.revokeAdmin(d, viewer, uuid),
    admins: (viewer: Viewer) => adminOps.admins(d, viewer),
    /** 教师 (classes, issue 27): set by administrators; administrators are teachers implicitly. */
    setTeacher: (viewer: Viewer, uuid: number, teacher: boolean) =>
      adminOps.setTeacher(d, viewer, uuid, teacher),
    isTeacher: (viewer: Viewer) => adminOps.isTeacher(d, viewer),
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
