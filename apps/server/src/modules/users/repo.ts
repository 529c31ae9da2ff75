import { type Kysely, sql } from 'kysely';
import { NEW_USER_RATING, type PageQuery } from '@oj/shared';
import type { Database, NewUser, UserRow, UserUpdate } from '../../db/types';
import { keywordMatch, paginateQuery } from '../../lib/pagination';
import { nowIso } from '../../lib/time';
import { asRated, isRated, ratedSql } from './rated';

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

    async incrementReadings(id: number): Promise<void> {
      await db
        .updateTable('users')
        .set({ readings: sql`readings + 1` })
        .where('id', '=', id)
        .execute();
    },

    /** Keyword search over account, nickname and e-mail; `fields` chooses which (public search omits e-mail). */
    async page(page: PageQuery, filter: { keyword?: string; role?: number; withEmail?: boolean }) {
      const base = () => {
        let q = live();
        if (filter.role !== undefined) q = q.where('role', '=', filter.role);
        const kw = filter.keyword?.trim();
        if (kw)
          q = q.where(
            keywordMatch(kw, filter.withEmail ? ['account', 'username', 'email'] : ['account', 'username']),
          );
        return q;
      };
      const found = await paginateQuery(page, base, (b) =>
        b.selectAll().select(ratedSql('users.id').as('rated_flag')).orderBy('id', 'desc'),
      );
      return { ...found, records: found.records.map(record) };
    },

    admins: async () => (await full().where('role', '=', 2).orderBy('id', 'asc').execute()).map(record),

    /** Name and rating of several users in one query (record lists, scoreboards). */
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
