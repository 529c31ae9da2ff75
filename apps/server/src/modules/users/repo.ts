import { type Kysely, sql } from 'kysely';
import { NEW_USER_RATING, Role, type PageQuery } from '@oj/shared';
import type { Database, NewUser, UserRow, UserUpdate } from '../../db/types';
import { keywordId, keywordMatch, paginateQuery } from '../../lib/pagination';
import { nowIso } from '../../lib/time';
import { asRated, isRated, ratedSql } from './rated';
import { idsAfter } from '../../db/ids-after';

/** A user's columns without the derived `rated` flag: what the session hook reads on every request. */
export type UserColumns = Omit<UserRow, 'rated'>;

/** What a list shows next to a user id: the name in its rating colour. */
export interface UserBrief {
  username: string;
  rating: number;
  rated: boolean;
}

/** Data access of the users table; only the users service calls it. */
export function createUsersRepo(db: Kysely<Database>) {
  const live = () => db.selectFrom('users').where('is_delete', '=', 0);
  /** Every column plus the derived rated flag, in the same query (no second round trip per user). */
  const full = () => live().selectAll().select(ratedSql('users.id').as('rated_flag'));
  type Raw = UserColumns & { rated_flag: boolean | number };
  const record = ({ rated_flag, ...u }: Raw): UserRow => ({ ...u, rated: asRated(rated_flag) });
  const one = (r: Raw | undefined) => (r ? record(r) : undefined);
  return {
    byId: async (id: number) => one(await full().where('id', '=', id).executeTakeFirst()),
    /** The columns only: resolving the viewer needs role and boss flag, not the rated subquery. */
    columnsById: (id: number): Promise<UserColumns | undefined> =>
      live().selectAll().where('id', '=', id).executeTakeFirst(),
    isRated: (id: number) => isRated(db, id),
    byIds: async (ids: number[]) =>
      ids.length ? (await full().where('id', 'in', ids).execute()).map(record) : [],
    /** User ids after `after`, in order: the search rebuild's batches. */
    idsAfter: (after: number, limit: number) => idsAfter(db, 'users', after, limit),
    byAccount: async (account: string) => one(await full().where('account', '=', account).executeTakeFirst()),
    byEmail: async (email: string) =>
      one(await full().where('email', '=', email.toLowerCase()).executeTakeFirst()),
    byAccountOrEmail: async (login: string) =>
      one(
        await full()
          .where((eb) => eb.or([eb('account', '=', login), eb('email', '=', login.toLowerCase())]))
          .executeTakeFirst(),
      ),
    anyBoss: () => live().select('id').where('is_boss', '=', 1).executeTakeFirst(),

    async insert(
      user: Pick<NewUser, 'account' | 'email' | 'password_hash' | 'username' | 'avatar' | 'role' | 'is_boss'>,
    ): Promise<UserRow> {
      const now = nowIso();
      const blank = {
        tags: '[]',
        hobby: '',
        phone: '',
        gender: '',
        school: '',
        profile: '',
        rating: NEW_USER_RATING,
        birth: '',
        readings: 0,
        url: '',
        background_picture: '',
        is_delete: 0,
      };
      const row = await db
        .insertInto('users')
        .values({ ...blank, ...user, create_time: now, update_time: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { ...row, rated: false };
    },

    async update(id: number, patch: UserUpdate): Promise<void> {
      await db
        .updateTable('users')
        .set({ ...patch, update_time: nowIso() })
        .where('id', '=', id)
        .execute();
    },

    async setRole(ids: number[], role: number): Promise<void> {
      if (ids.length)
        await db.updateTable('users').set({ role, update_time: nowIso() }).where('id', 'in', ids).execute();
    },

    /**
     * Counts a reading of `id`'s card by `viewerId` unless that viewer already counted on `date`:
     * the upsert changes a row only on the viewer's first reading of the day. True when counted.
     */
    async countReading(id: number, viewerId: number, date: string): Promise<boolean> {
      const res = await db
        .insertInto('user_card_views')
        .values({ user_id: id, viewer_id: viewerId, date })
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'viewer_id'])
            .doUpdateSet({ date })
            .where('user_card_views.date', '!=', date),
        )
        .executeTakeFirst();
      if (!Number(res.numInsertedOrUpdatedRows ?? 0)) return false;
      await db
        .updateTable('users')
        .set({ readings: sql`readings + 1` })
        .where('id', '=', id)
        .execute();
      return true;
    },

    /** Keyword search over account, nickname and e-mail; `fields` chooses which (public search omits e-mail). */
    async page(page: PageQuery, filter: { keyword?: string; role?: number; withEmail?: boolean }) {
      const base = () => {
        let q = live();
        if (filter.role !== undefined) q = q.where('role', '=', filter.role);
        const kw = filter.keyword?.trim();
        // The management site (withEmail) also finds a user by its uuid (the admins page's search).
        if (kw && filter.withEmail)
          q = q.where((eb) =>
            eb.or([keywordMatch(kw, ['account', 'username', 'email']), eb('id', '=', keywordId(kw))]),
          );
        else if (kw) q = q.where(keywordMatch(kw, ['account', 'username']));
        return q;
      };
      const found = await paginateQuery(page, base, (b) =>
        b.selectAll().select(ratedSql('users.id').as('rated_flag')).orderBy('id', 'desc'),
      );
      return { ...found, records: found.records.map(record) };
    },

    admins: async () => (await full().where('role', '=', 2).orderBy('id', 'asc').execute()).map(record),

    /** Name and rating of several users in one query (record lists, scoreboards). */
    /** Ids of the live accounts among `accounts` (exact spelling), in one statement. */
    async idsOfAccounts(accounts: string[]): Promise<Map<string, number>> {
      const rows = accounts.length
        ? await live().select(['id', 'account']).where('account', 'in', [...new Set(accounts)]).execute()
        : [];
      return new Map(rows.map((r) => [r.account, r.id]));
    },
    /** Ids of banned or deleted users, as a subquery for another module's statement (social lists). */
    inactiveIds: () =>
      db
        .selectFrom('users')
        .select('id')
        .where((eb) => eb.or([eb('role', '=', Role.Ban), eb('is_delete', '=', 1)])),
    /** Ids of live users whose account or nickname is exactly `name` (a record list's user filter). */
    async idsNamed(name: string): Promise<number[]> {
      const rows = await live()
        .select('id')
        .where((eb) => eb.or([eb('account', '=', name), eb('username', '=', name)]))
        .limit(50)
        .execute();
      return rows.map((r) => r.id);
    },
    async briefs(ids: number[]): Promise<Map<number, UserBrief>> {
      const rows = ids.length
        ? await live()
            .select(['id', 'username', 'rating', ratedSql('users.id').as('rated_flag')])
            .where('id', 'in', [...new Set(ids)])
            .execute()
        : [];
      return new Map(
        rows.map((r) => [r.id, { username: r.username, rating: r.rating, rated: asRated(r.rated_flag) }]),
      );
    },
  };
}
export type UsersRepo = ReturnType<typeof createUsersRepo>;
