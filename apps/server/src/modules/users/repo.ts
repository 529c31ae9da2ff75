import { type Kysely, sql } from 'kysely';
import type { PageQuery } from '@oj/shared';
import type { Database, NewUser, UserRow, UserUpdate } from '../../db/types';
import { likePattern, paginate } from '../../lib/pagination';
import { nowIso } from '../../lib/time';

/** Data access of the users table; only the users service calls it. */
export function createUsersRepo(db: Kysely<Database>) {
  const live = () => db.selectFrom('users').where('is_delete', '=', 0);
  return {
    byId: (id: number) => live().selectAll().where('id', '=', id).executeTakeFirst(),
    byIds: (ids: number[]) =>
      ids.length ? live().selectAll().where('id', 'in', ids).execute() : Promise.resolve([] as UserRow[]),
    byAccount: (account: string) => live().selectAll().where('account', '=', account).executeTakeFirst(),
    byEmail: (email: string) =>
      live().selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst(),
    byAccountOrEmail: (login: string) =>
      live()
        .selectAll()
        .where((eb) => eb.or([eb('account', '=', login), eb('email', '=', login.toLowerCase())]))
        .executeTakeFirst(),
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
        rating: 1500,
        birth: '',
        readings: 0,
        url: '',
        background_picture: '',
        is_delete: 0,
      };
      return db
        .insertInto('users')
        .values({ ...blank, ...user, create_time: now, update_time: now })
        .returningAll()
        .executeTakeFirstOrThrow();
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
    page(page: PageQuery, filter: { keyword?: string; role?: number; withEmail?: boolean }) {
      const base = () => {
        let q = live();
        if (filter.role !== undefined) q = q.where('role', '=', filter.role);
        const kw = filter.keyword?.trim();
        if (kw) {
          const pattern = likePattern(kw);
          q = q.where((eb) =>
            eb.or([
              eb(sql`lower(account)`, 'like', sql`${pattern} escape '\\'`),
              eb(sql`lower(username)`, 'like', sql`${pattern} escape '\\'`),
              ...(filter.withEmail
                ? [eb(sql`lower(coalesce(email, ''))`, 'like', sql`${pattern} escape '\\'`)]
                : []),
            ]),
          );
        }
        return q;
      };
      return paginate(
        page,
        async () =>
          (
            await base()
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        (limit, offset) => base().selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
      );
    },

    admins: () => live().selectAll().where('role', '=', 2).orderBy('id', 'asc').execute(),
  };
}
export type UsersRepo = ReturnType<typeof createUsersRepo>;
