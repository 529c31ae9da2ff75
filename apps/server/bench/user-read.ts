// `npm run bench user-read`: in-process cost of reading one user (SQLite, one unrated user), the
// best and median of 5 rounds of 20 000 reads. Steadier than requests/second on a busy machine:
// the session hook's read (every logged-in request) against the read that presents a user.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../src/db/kysely';
import { migrate } from '../src/db/migrate';
import { scoped } from '../src/db/scoped';
import { COMPETITIONS_TABLES, createUserContests } from '../src/modules/competitions';
import { USERS_TABLES } from '../src/modules/users';
import * as repo from '../src/modules/users/repo';

const dataDir = mkdtempSync(join(tmpdir(), 'oj-user-read-'));
const { db, close } = await openDatabase({ databaseUrl: '', dataDir });
await migrate(db as never, 'sqlite');
const usersDb = scoped(db, USERS_TABLES);
const contests = createUserContests({ db: scoped(db, COMPETITIONS_TABLES) });
const user = await repo.insert(usersDb, {
  account: 'bench',
  email: 'bench@example.com',
  password_hash: '',
  username: 'bench',
  avatar: '',
  role: 1,
  is_boss: 0,
});

const READS = 20_000;
async function time(title: string, read: () => Promise<unknown>) {
  for (let i = 0; i < 2000; i++) await read(); // warm-up: JIT, page cache
  const rounds: number[] = [];
  for (let r = 0; r < 5; r++) {
    const t0 = performance.now();
    for (let i = 0; i < READS; i++) await read();
    rounds.push(((performance.now() - t0) * 1000) / READS);
  }
  rounds.sort((a, b) => a - b);
  console.log(`${title}: best ${rounds[0].toFixed(0)} µs, median ${rounds[2].toFixed(0)} µs per read`);
}

await time('session hook read (columns, no rated)', () => repo.columnsById(usersDb, user.id));
await time('rated probe alone (what /current adds)', () => contests.isRated(user.id));
await time('presented read (columns + rated EXISTS)', () => repo.byId(usersDb, contests, user.id));
await close();
rmSync(dataDir, { recursive: true, force: true });
