import { envelope, RankPage, type Verdict } from '@oj/shared';
import type { LiveBoard } from '../src/modules/competitions/live';
import { presentRankRow } from '../src/modules/competitions/present';
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

// The same presenter as the API's ranking page.
const live = {
  sb: board,
  problems: Array.from({ length: PROBLEMS }, (_, idx) => ({
    competition_id: 1,
    idx,
    problem_id: 1000 + idx,
    display_name: String(idx),
  })),
  people: new Map(
    Array.from({ length: USERS }, (_, i) => [i + 1, { username: `user${i + 1}`, rating: 1400 + (i % 800) }]),
  ),
} as unknown as LiveBoard;

// As the route answers it: the envelope checked against its zod schema, then JSON.
const answer = envelope(RankPage);
function page(frozen: boolean, pageNum: number): string {
  const records = board
    .page({ frozen }, (pageNum - 1) * 50, 50)
    .map(({ standing, rank }) => presentRankRow(live, standing, rank, { frozen }));
  const data = {
    records,
    total: board.size,
    pageNum,
    pageSize: 50,
    problems: live.problems.map((p) => ({ index: p.idx, display_name: p.display_name })),
    frozen,
    mine: null,
    version: board.version,
  };
  return JSON.stringify(answer.parse({ code: 0, message: '成功', data }));
}

const times: number[] = [];
let id = SUBMISSIONS;
for (let k = 0; k < 200; k++) {
  const user = 1 + rand(USERS);
  const s = performance.now();
  board.record(user, rand(PROBLEMS), { id: ++id, atMs: CONTEST_MS - 60_000, status: 'AC' });
  const rank = board.rankOf(user, { frozen: false })!;
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
