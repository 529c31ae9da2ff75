// Account writes and their search-index marks commit together: an index that cannot be told
// refuses the write, and a write that fails leaves no mark.
import { Role } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, migratedDatabase } from '../../../test/helpers';
import type { Db } from '../../db/kysely';
import { scoped } from '../../db/scoped';
import type { Viewer } from '../../lib/auth';
import type { SessionsService } from '../auth';
import { COMPETITIONS_TABLES, createUserContests } from '../competitions';
import { createUsersService } from './service';
import { USERS_TABLES } from './tables';

describe.each(backends())('account writes and the search index on $name', (backend) => {
  let db: Db;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ db, cleanup } = await migratedDatabase(backend));
  });
  afterAll(() => cleanup());

  const marks: number[] = [];
  let indexDown = false;
  const service = () =>
    createUsersService({
      db: scoped(db.db, USERS_TABLES),
      sessions: { destroyAllOf: async () => {} } as unknown as SessionsService,
      argon2: { memoryCost: 1024, timeCost: 1 },
      outbox: {
        add: async (_db, _topic, key) => {
          if (indexDown) throw new Error('outbox unavailable');
          marks.push(Number(key));
        },
      },
      onCardView: async () => {},
      contests: createUserContests({ db: scoped(db.db, COMPETITIONS_TABLES) }),
    });

  it('marks what committed, and refuses (changing nothing) what it could not mark', async () => {
    const users = service();
    const row = await users.create({ account: 'idx_writer', password: 'Passw0rd!', email: null });
    expect(marks).toEqual([row.id]);
    const viewer = { uuid: row.id, role: Role.User, isBoss: false } as Viewer;

    indexDown = true;
    await expect(users.modify(viewer, { username: '改不了' })).rejects.toThrow('outbox unavailable');
    await expect(users.create({ account: 'idx_lost', password: 'Passw0rd!', email: null })).rejects.toThrow('outbox unavailable');
    indexDown = false;
    expect((await users.byId(row.id))?.username).toBe('idx_writer');
    expect(await users.byAccount('idx_lost')).toBeUndefined();

    // A write that fails (the account is taken) leaves no mark either.
    await expect(users.create({ account: 'idx_writer', password: 'Passw0rd!', email: null })).rejects.toThrow('已被注册');
    await users.modify(viewer, { username: '改好了' });
    expect(marks).toEqual([row.id, row.id]);
  });
});
