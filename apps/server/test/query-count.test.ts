import type { RankPage, RecordPage } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verdict } from './problems';
import { backends, type Client, startTestServer, type TestServer } from './helpers';

/**
 * Statements a page costs, counted by the database's log hook: the record list and a scoreboard
 * loaded from the database must stay constant in the number of rows they show (no N+1). Measured
 * on SQLite with database sessions, before the modules stopped reading each other's tables: record
 * list 4, cold scoreboard 8; after: 4 and 7 (names from the users module are one more batch read,
 * and a board just loaded is no longer checked against the database twice). They may go down,
 * never up.
 */
const LIMITS = { recordList: 4, scoreboardLoad: 7 };
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

  /**
   * Statements run while `fn` runs. Judging writes its counters and the boards their totals after
   * the verdict is visible: wait until the database has been quiet for a moment first.
   */
  async function counted(fn: () => Promise<void>): Promise<number> {
    let last = -1;
    await expect
      .poll(
        () => {
          const now = ts.server.queryCount();
          const quiet = now === last;
          last = now;
          return quiet;
        },
        { interval: 300, timeout: 30_000 },
      )
      .toBe(true);
    const before = ts.server.queryCount();
    await fn();
    return ts.server.queryCount() - before;
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
});
