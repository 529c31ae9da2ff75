import type { RankPage, RecordPage, SubmissionRecord } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submit, verdict } from './problems';
import { backends, type Client, startTestServer, type TestServer } from './helpers';
import { openSse } from './sse-client';

/**
 * Statements a page costs, counted by the database's log hook: the record list and a scoreboard
 * loaded from the database must stay constant in the number of rows they show (no N+1). Measured
 * on SQLite with database sessions, before the modules stopped reading each other's tables: record
 * list 4, cold scoreboard 8; after: 4 and 7 (names from the users module are one more batch read,
 * and a board just loaded is no longer checked against the database twice). They may go down,
 * never up — with one exception, said here: issue 26's 打星 flags are one more read per board
 * (awards.ts, cached per contest), 8; folding it into the participants' read is the next step.
 * And issue 27's class contests: the board asks which classes the contest is restricted to (one
 * read, not cached: a class removed from a contest opens its board at once), 9.
 */
const LIMITS = { recordList: 4, scoreboardLoad: 9 };
/**
 * One submission judged (issue 23, "straight judging path"): from submit to its stored verdict and
 * what follows it (`judging`); opening its record stream once judged, by its author and by a visitor
 * (`author`, `visitor`); and a rejudge while the author's following stream is open, to its verdict
 * on that stream (`rejudged`). Sessions are database rows on SQLite and Redis keys with Redis.
 * Before: judging 22 / 21 (SQLite / PostgreSQL + Redis), author 10 / 9, visitor 10 / 10, rejudged
 * 27 / 26. The problem was read twice and its judge spec computed twice, a new submission was
 * inserted, read back and updated, the counters counted twice, the verdict read back after its
 * update, a stream read the record twice and the author's stream read it again at the verdict.
 */
const JUDGING = {
  sqlite: { judging: 14, author: 5, visitor: 4, rejudged: 19 },
  redis: { judging: 13, author: 4, visitor: 4, rejudged: 18 },
};
const PLAYERS = 4;
const AB_PY = 'a, b = map(int, input().split())\nprint(a + b)\n';
const MIN = 60_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

describe.each(backends())('query counts on $name', (backend) => {
  let ts: TestServer;
  let admin: Client;
  let contestId: number;
  const contest = () => ({
    name: '计数赛',
    description: '',
    type: 1,
    start_time: iso(-10 * MIN),
    end_time: iso(60 * MIN),
    problems: [{ problem_id: 1000 }, { problem_id: 1001 }],
  });

  beforeAll(async () => {
    ts = await startTestServer(backend, { rateLimits: { submit: { max: 1000, windowMs: 60_000 } } });
    admin = await ts.login(ts.admin.account, ts.admin.password);
    const created = await admin.post<{ competition_id: number }>(
      '/api/competition/admin/algorithm/add',
      contest(),
    );
    contestId = created.data.competition_id;
    const ids: [Client, number][] = [];
    for (let i = 0; i < PLAYERS; i++) {
      const { client } = await ts.register(`count_${i}`);
      expect((await client.post(`/api/competition/join?competition_id=${contestId}`)).code).toBe(0);
      for (const index of [0, 1]) {
        const res = await client.post<{ submission_id: number }>('/api/problem/algorithm/judge/submit', {
          problem_id: 1000 + index,
          language: 'Python3',
          source_code: AB_PY,
          competition_id: contestId,
          index,
        });
        expect(res.code).toBe(0);
        ids.push([client, res.data.submission_id]);
      }
    }
    for (const [client, id] of ids) await verdict(client, id);
  }, 180_000);
  afterAll(() => ts?.close());

  /** Until no statement has run for a moment (judging and the boards write after a verdict is visible). */
  async function quiet(): Promise<void> {
    let last = -1;
    await expect
      .poll(
        () => {
          const now = ts.server.queryCount();
          const still = now === last;
          last = now;
          return still;
        },
        { interval: 300, timeout: 30_000 },
      )
      .toBe(true);
  }

  /** Statements run while `fn` runs, counted from a quiet database. */
  async function counted(fn: () => Promise<void>): Promise<number> {
    await quiet();
    const before = ts.server.queryCount();
    await fn();
    return ts.server.queryCount() - before;
  }

  /** Resolves once this node announced a verdict of submission `id` (stored, counters refreshed). */
  function verdicts() {
    const judged = new Set<number>();
    const off = ts.server.ctx.bus.on('submission.changed', ({ submission }) => {
      if (submission.status !== 'PD') judged.add(submission.id);
    });
    return {
      stored: (id: () => number) =>
        expect.poll(() => judged.has(id()), { interval: 20, timeout: 60_000 }).toBe(true),
      off,
    };
  }

  it('the record list page costs a constant number of statements', async () => {
    const anon = ts.client();
    let page: RecordPage | null = null;
    const n = await counted(async () => {
      page = (await anon.get<RecordPage>('/api/problem/algorithm/records?pageNum=1&pageSize=20')).data;
    });
    expect(page!.records.length).toBeGreaterThanOrEqual(PLAYERS * 2);
    expect(n).toBeLessThanOrEqual(LIMITS.recordList);
  });

  it('a scoreboard loaded from the database costs a constant number of statements', async () => {
    // Editing the contest drops its in-memory board: the next ranking request loads it again.
    expect(
      (await admin.post(`/api/competition/admin/modify?competition_id=${contestId}`, contest())).code,
    ).toBe(0);
    let page: RankPage | null = null;
    const n = await counted(async () => {
      page = (await admin.get<RankPage>(`/api/competition/search/rank/pageNum?competition_id=${contestId}`))
        .data;
    });
    expect(page!.records).toHaveLength(PLAYERS);
    expect(n).toBeLessThanOrEqual(LIMITS.scoreboardLoad);
  });

  it('one submission costs a fixed number of statements from submit to stored verdict, its stream one read', async () => {
    const { client } = await ts.register('count_solo');
    const seen = verdicts();
    // A first one warms what is read once per node (contests with a freeze, the problem's samples).
    await verdict(client, await submit(client, 1000, 'Python3', AB_PY));
    let id = 0;
    const judging = await counted(async () => {
      id = await submit(client, 1000, 'Python3', AB_PY);
      await seen.stored(() => id);
      await quiet(); // what follows the verdict (the math / 408 answers, the boards)
    });
    seen.off();
    const stream = (who: Client, follow = '') =>
      openSse(`${ts.url}/api/problem/algorithm/records/stream?submission_id=${id}${follow}`, who);
    const opened = (who: Client) =>
      counted(async () => {
        const s = stream(who);
        await s.until((e) => e.event === 'done');
        expect(await s.ended()).toBe(true);
      });
    const author = await opened(client);
    const visitor = await opened(ts.client());
    // The author's following stream at the verdict of a rejudge: the event carried the record.
    const follow = stream(client, '&follow=1');
    const first = await follow.until((e) => e.event === 'done');
    let done = 0;
    const rejudged = await counted(async () => {
      expect((await admin.post(`/api/problem/algorithm/admin/rejudge?submission_id=${id}`)).code).toBe(0);
      done = await follow.until((e) => e.event === 'done', first + 1);
      await quiet();
    });
    follow.close();
    // What the author's stream sent at the verdict is the record as the author reads it.
    const mine = await client.get<SubmissionRecord>(
      `/api/problem/algorithm/records/recordId?submission_id=${id}`,
    );
    expect(follow.events[done].data.record).toEqual(mine.data);
    expect(mine.data).toMatchObject({ status: 'AC', source_code: AB_PY });
    const limits = backend.redisUrl ? JUDGING.redis : JUDGING.sqlite;
    expect({ judging, author, visitor, rejudged }).toEqual({
      judging: Math.min(judging, limits.judging),
      author: Math.min(author, limits.author),
      visitor: Math.min(visitor, limits.visitor),
      rejudged: Math.min(rejudged, limits.rejudged),
    });
  }, 120_000);
});
