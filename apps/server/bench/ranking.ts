import { CONTEST_RULES, envelope, RankPage, type Verdict } from '@oj/shared';
import type { LiveBoard } from '../src/modules/competitions/live';
import { presentRankRow } from '../src/modules/competitions/present';
import { type BoardAttempt, Scoreboard } from '../src/modules/competitions/ranking/scoreboard';

/**
 * Issues 6 and 26: 10 000 participants × 20 problems, 200 000 submissions (with partial points on two
 * subtasks), under each contest rule; the time from a new verdict to the ranking page (update the
 * board, take the page of 50 holding the participant and the frozen first page, serialise them).
 */
const USERS = 10_000;
const PROBLEMS = 20;
const SUBMISSIONS = 200_000;
const CONTEST_MS = 5 * 3600_000;
const verdicts: Verdict[] = ['AC', 'WA', 'WA', 'TLE', 'CE', 'AC', 'MLE'];
const answer = envelope(RankPage);

for (const rule of CONTEST_RULES) {
  let x = 12345;
  const rand = (n: number) => (x = (x * 48271) % 2147483647) % n;
  const attempt = (id: number, atMs: number, status: Verdict): BoardAttempt => {
    const first = status === 'AC' ? 40 : rand(2) * 40;
    const second = status === 'AC' ? 60 : rand(3) * 20;
    return status === 'CE'
      ? { id, atMs, status, score: null, fullScore: null, subtasks: [] }
      : {
          id,
          atMs,
          status,
          score: first + second,
          fullScore: 100,
          subtasks: [
            { subtask: 1, score: first },
            { subtask: 2, score: second },
          ],
        };
  };
  const board = new Scoreboard(PROBLEMS, CONTEST_MS - 3600_000, rule);
  for (let u = 1; u <= USERS; u++) board.join(u);
  const stored = Array.from({ length: SUBMISSIONS }, (_, i) => ({
    userId: 1 + rand(USERS),
    index: rand(PROBLEMS),
    attempt: attempt(
      i + 1,
      Math.floor(((i + 1) / SUBMISSIONS) * CONTEST_MS),
      verdicts[rand(verdicts.length)],
    ),
  }));
  const t0 = performance.now();
  board.load(stored);
  const buildMs = performance.now() - t0;
  const live = {
    sb: board,
    problems: Array.from({ length: PROBLEMS }, (_, idx) => ({
      competition_id: 1,
      idx,
      problem_id: 1000 + idx,
      display_name: String(idx),
    })),
    people: new Map(
      Array.from({ length: USERS }, (_, i) => [i + 1, { username: `user${i + 1}`, rating: 1400 }]),
    ),
  } as unknown as LiveBoard;
  const page = (frozen: boolean, pageNum: number) => {
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
      rule,
      hidden: false,
    };
    return JSON.stringify(answer.parse({ code: 0, message: '成功', data }));
  };
  const times: number[] = [];
  let id = SUBMISSIONS;
  for (let k = 0; k < 200; k++) {
    const user = 1 + rand(USERS);
    const s = performance.now();
    board.record(user, rand(PROBLEMS), attempt(++id, CONTEST_MS - 60_000, 'AC'));
    page(false, Math.ceil(board.rankOf(user, { frozen: false })! / 50));
    page(true, 1);
    times.push(performance.now() - s);
  }
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(2);
  console.log(
    `ranking ${rule}: ${USERS} × ${PROBLEMS}, ${SUBMISSIONS} submissions loaded in ${buildMs.toFixed(0)} ms; new AC → pages: median ${q(0.5)} ms, p95 ${q(0.95)} ms, max ${q(0.999)} ms`,
  );
}
