import type { Verdict } from '@oj/shared';
import { Scoreboard } from '../src/modules/competitions/ranking/scoreboard';

/**
 * Issue 6 figure: 10 000 participants × 20 problems, 200 000 submissions; the time from a new
 * verdict to the ranking page (update the board, take a page of 50, serialise it).
 */
const USERS = 10_000;
const PROBLEMS = 20;
const SUBMISSIONS = 200_000;
const CONTEST_MS = 5 * 3600_000;
const verdicts: Verdict[] = ['AC', 'WA', 'WA', 'TLE', 'CE', 'AC', 'MLE'];

let x = 12345;
const rand = (n: number) => (x = (x * 48271) % 2147483647) % n;

const board = new Scoreboard(PROBLEMS, CONTEST_MS - 3600_000);
for (let u = 1; u <= USERS; u++) board.join(u);
// As at start-up: every stored submission at once.
const stored = Array.from({ length: SUBMISSIONS }, (_, i) => ({
  userId: 1 + rand(USERS),
  index: rand(PROBLEMS),
  attempt: {
    id: i + 1,
    atMs: Math.floor(((i + 1) / SUBMISSIONS) * CONTEST_MS),
    status: verdicts[rand(verdicts.length)],
  },
}));
const t0 = performance.now();
board.load(stored);
const buildMs = performance.now() - t0;

function page(frozen: boolean, pageNum: number): string {
  const rows = board.page(frozen, (pageNum - 1) * 50, 50).map(({ standing, rank }) => ({
    rank,
    uuid: standing.userId,
    solved: standing.totals.solved,
    penalty: standing.totals.penalty,
    cells: standing.cells.map((c, i) => ({
      solved: c.solved,
      first: c.solved && board.firstSolver(frozen, i) === standing.userId,
      rejected: c.rejected,
      pending: c.pending,
      minute: c.acMs === null ? null : Math.floor(c.acMs / 60_000),
    })),
  }));
  return JSON.stringify({ total: board.size, rows });
}

const times: number[] = [];
let id = SUBMISSIONS;
for (let k = 0; k < 200; k++) {
  const user = 1 + rand(USERS);
  const s = performance.now();
  board.record(user, rand(PROBLEMS), { id: ++id, atMs: CONTEST_MS - 60_000, status: 'AC' });
  const rank = board.rankOf(user, false)!;
  page(false, Math.ceil(rank / 50));
  page(true, 1);
  times.push(performance.now() - s);
}
times.sort((a, b) => a - b);
const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(2);
console.log(`ranking ${USERS} × ${PROBLEMS}, ${SUBMISSIONS} submissions: loaded in ${buildMs.toFixed(0)} ms`);
console.log(
  `new AC → board updated + its page and the frozen first page: median ${q(0.5)} ms, p95 ${q(0.95)} ms, max ${q(0.999)} ms`,
);
