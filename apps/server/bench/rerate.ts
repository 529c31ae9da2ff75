import { freshFinals, rerate } from '../src/modules/competitions/apply-rating';
import {
  addEndedContest,
  addProblem,
  addUsers,
  finishLikeTheJob,
  type FixtureSubmission,
  lcg,
  openFixtureDb,
} from '../test/rating-fixture';

/**
 * Issue 6 / recompute figure: the time to recompute the OLDEST of N rated contests of 1000
 * contestants each (so every later contest is rolled back and reapplied), boards rebuilt from the
 * submissions included. SQLite; also PostgreSQL when TEST_DATABASE_URL is set.
 */
const USERS_PER_CONTEST = 1000;
const POOL = 3000;
const PROBLEMS = 5;
const COUNTS = [1, 5, 10];

async function run(label: string, url: string | undefined, contestsCount: number) {
  const f = await openFixtureDb(url);
  try {
    const users = await addUsers(f.db, POOL);
    const problemId = await addProblem(f.db);
    const rand = lcg(7);
    const contests: number[] = [];
    for (let k = 0; k < contestsCount; k++) {
      const offset = rand(POOL);
      const members = Array.from({ length: USERS_PER_CONTEST }, (_, i) => users[(offset + i) % POOL]);
      const submissions: FixtureSubmission[] = [];
      for (const userId of members)
        for (let index = 0; index < PROBLEMS; index++)
          for (let t = rand(3); t > 0; t--)
            submissions.push({ userId, index, minute: rand(120), status: rand(3) ? 'WA' : 'AC' });
      contests.push(
        await addEndedContest(f.db, {
          daysAgo: 2 * (contestsCount - k),
          problemId,
          problems: PROBLEMS,
          users: members,
          submissions,
        }),
      );
    }
    let t0 = performance.now();
    for (const id of contests) await finishLikeTheJob(f, id);
    const applyAllMs = performance.now() - t0;

    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      t0 = performance.now();
      await rerate(f.contests, contests[0], { finals: await freshFinals(f.contests, contests[0]) });
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    console.log(
      `${label}: recompute the oldest of ${contestsCount} × ${USERS_PER_CONTEST}: median ${times[1].toFixed(0)} ms ` +
        `(best ${times[0].toFixed(0)}); applying all ${contestsCount} one by one: ${applyAllMs.toFixed(0)} ms`,
    );
  } finally {
    await f.close();
  }
}

const pgUrl = process.env.TEST_DATABASE_URL?.trim();
for (const n of COUNTS) {
  await run('sqlite', undefined, n);
  if (pgUrl) await run('postgres', pgUrl, n);
}
