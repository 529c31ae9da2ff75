import type {
  CompetitionAddRequestRaw,
  JoinRecord,
  NotificationPage,
  RankPage,
  RejudgeCreated,
  RejudgeCreateRequestRaw,
  RejudgeSetDetail,
  RejudgeSetSummary,
} from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endContestNow } from '../../../test/contests';
import { backends, type Client, startTestServer, type TestServer, ok } from '../../../test/helpers';
import { problemBody, uploadZip, verdict, zipOf } from '../../../test/problems';

const C = '/api/competition';
const R = '/api/rejudge';
const SUM = 'a, b = map(int, input().split())\nprint(a + b)\n';
const DIFF = 'a, b = map(int, input().split())\nprint(a - b)\n';
const MIN = 60_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

const testsZip = (pairs: [string, string][]) =>
  zipOf(
    pairs.flatMap(([i, o], k) => [
      [`${k + 1}.in`, i],
      [`${k + 1}.out`, o],
    ]) as [string, string][],
  );

/** The set's detail once every run is judged. */
async function ready(c: Client, setId: number): Promise<RejudgeSetDetail> {
  const end = Date.now() + 120_000;
  for (;;) {
    const d = await ok(c.get<RejudgeSetDetail>(`${R}/detail?set_id=${setId}`));
    if (d.state !== 'judging') return d;
    if (Date.now() > end) throw new Error(`set ${setId} still judging: ${d.judged} / ${d.total}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.each(backends())('rejudge sets on $name', (backend) => {
  let ts: TestServer;
  let admin: Client;
  let owner: Client;
  let stranger: Client;
  let u1: { client: Client; uuid: number };
  let u2: { client: Client; uuid: number };
  let problemId: number;
  let contestId: number;
  let officialId: number;
  let sumId: number;
  let diffId: number;

  const board = async () =>
    (await ok(owner.get<RankPage>(`${C}/search/rank/pageNum?competition_id=${contestId}`))).records.map(
      (r) => [r.uuid, r.rank, r.solved],
    );
  const stored = async () => [(await verdict(admin, sumId)).status, (await verdict(admin, diffId)).status];
  const create = (c: Client, body: Partial<RejudgeCreateRequestRaw>) =>
    c.post<RejudgeCreated>(`${R}/create`, { competition_id: contestId, scope: 'contest', ...body });

  beforeAll(async () => {
    ts = await startTestServer(backend, { rateLimits: { submit: { max: 1000, windowMs: 60_000 } } });
    admin = await ts.login(ts.admin.account, ts.admin.password);
    owner = (await ts.register('rj_owner')).client;
    stranger = (await ts.register('rj_stranger')).client;
    u1 = await ts.register('rj_one');
    u2 = await ts.register('rj_two');
    problemId = (
      await ok(admin.post<{ problem_id: number }>('/api/problem/algorithm/admin/add', problemBody()))
    ).problem_id;
    await ok(
      uploadZip(
        admin,
        problemId,
        await testsZip([
          ['1 2\n', '3\n'],
          ['5 7\n', '12\n'],
        ]),
      ),
    );
    const body: CompetitionAddRequestRaw = {
      name: '重测周赛',
      description: '',
      type: 1,
      start_time: iso(-10 * MIN),
      end_time: iso(60 * MIN),
      problems: [{ problem_id: problemId }],
    };
    contestId = (await ok(owner.post<{ competition_id: number }>(`${C}/user/add`, body))).competition_id;
    officialId = (await ok(admin.post<{ competition_id: number }>(`${C}/admin/algorithm/add`, body)))
      .competition_id;
    for (const u of [u1, u2]) await ok(u.client.post(`${C}/join?competition_id=${contestId}`));
    const submit = (c: Client, source: string) =>
      ok(
        c.post<{ submission_id: number }>('/api/problem/algorithm/judge/submit', {
          problem_id: problemId,
          language: 'Python3',
          source_code: source,
          competition_id: contestId,
          index: 0,
        }),
      );
    sumId = (await submit(u1.client, SUM)).submission_id;
    expect((await verdict(u1.client, sumId)).status).toBe('AC');
    diffId = (await submit(u2.client, DIFF)).submission_id;
    expect((await verdict(u2.client, diffId)).status).toBe('WA');
    // The answers become a − b: a rejudge turns the sum WA and the difference AC.
    await ok(
      uploadZip(
        admin,
        problemId,
        await testsZip([
          ['5 2\n', '3\n'],
          ['9 4\n', '5\n'],
        ]),
      ),
    );
  }, 180_000);
  afterAll(() => ts?.close());

  it('refuses everyone but admins and the contest author, and checks the request', async () => {
    for (const c of [stranger, u1.client]) {
      const res = await create(c, {});
      expect([res.status, res.message]).toEqual([403, '只有管理员或该比赛的创建者可以重新评测比赛中的提交']);
      expect((await c.get(`${R}/list?competition_id=${contestId}`)).status).toBe(403);
    }
    // The author of one contest is nobody in another.
    expect((await create(owner, { competition_id: officialId })).status).toBe(403);
    expect(
      (await ts.client().post(`${R}/create`, { competition_id: contestId, scope: 'contest' })).status,
    ).toBe(401);
    const noIndex = await create(owner, { scope: 'problem' });
    expect([noIndex.status, noIndex.message]).toEqual([400, '题目序号：重测一道题时请选择题目']);
    const badIndex = await create(owner, { scope: 'problem', problem_index: 5 });
    expect([badIndex.status, badIndex.message]).toEqual([400, '比赛中没有这道题']);
    const foreign = await create(owner, { scope: 'submission', submission_id: 999_999 });
    expect([foreign.status, foreign.message]).toEqual([404, '提交 999999 不是该比赛中的提交']);
    expect((await create(owner, { scope: 'nothing' as 'contest' })).status).toBe(400);
  });

  it('judges a set beside the stored verdicts, shows old against new and the board diff; cancel changes nothing', async () => {
    const before = await board();
    expect(before).toEqual([
      [u1.uuid, 1, 1],
      [u2.uuid, 2, 0],
    ]);
    const { set_id, total } = await ok(create(owner, { reason: '数据有误' }));
    expect(total).toBe(2);
    // One open set per contest.
    const second = await create(admin, { scope: 'problem', problem_index: 0 });
    expect([second.status, second.message]).toEqual([
      409,
      `该比赛已有一个未完成的重测集（编号 ${set_id}），请先应用或取消它再新建`,
    ]);

    const d = await ready(owner, set_id);
    expect([d.state, d.judged, d.total, d.changed, d.reason, d.competition_name]).toEqual([
      'ready',
      2,
      2,
      2,
      '数据有误',
      '重测周赛',
    ]);
    expect(
      d.runs.map((r) => [r.submission_id, r.user.uuid, r.problem, r.old_status, r.new_status, r.changed]),
    ).toEqual([
      [sumId, u1.uuid, 'A', 'AC', 'WA', true],
      [diffId, u2.uuid, 'A', 'WA', 'AC', true],
    ]);
    expect(
      d.board.map((b) => [b.uuid, b.rank_before, b.rank_after, b.solved_before, b.solved_after]),
    ).toEqual([
      [u2.uuid, 2, 1, 0, 1],
      [u1.uuid, 1, 2, 1, 0],
    ]);
    // Nothing stored changed yet.
    expect(await stored()).toEqual(['AC', 'WA']);
    expect(await board()).toEqual(before);

    expect(await ok(admin.post(`${R}/cancel?set_id=${set_id}`))).toBeNull();
    const cancelled = await ok(owner.get<RejudgeSetDetail>(`${R}/detail?set_id=${set_id}`));
    expect([cancelled.state, cancelled.board, cancelled.cancelled_at !== null]).toEqual([
      'cancelled',
      [],
      true,
    ]);
    expect((await owner.post(`${R}/apply?set_id=${set_id}`)).status).toBe(409);
    expect(await stored()).toEqual(['AC', 'WA']);
    expect(await board()).toEqual(before);
  });

  it('applies a set: stored verdicts, board and notifications follow', async () => {
    const { set_id } = await ok(create(admin, { scope: 'problem', problem_index: 0 }));
    await ready(admin, set_id);
    const applied = await admin.post<{ changed: number }>(`${R}/apply?set_id=${set_id}`);
    expect([applied.code, applied.data.changed, applied.message]).toEqual([
      0,
      2,
      '已应用：2 个提交的结果有变化',
    ]);
    expect(await stored()).toEqual(['WA', 'AC']);
    await expect.poll(board).toEqual([
      [u2.uuid, 1, 1],
      [u1.uuid, 2, 0],
    ]);
    for (const [u, id, change] of [
      [u1, sumId, 'AC → WA'],
      [u2, diffId, 'WA → AC'],
    ] as const) {
      const inbox = await ok(u.client.post<NotificationPage>('/api/notifications/list?pageNum=1'));
      expect(inbox.records.map((n) => [n.kind, n.title, n.excerpt])).toEqual([
        ['rejudged', '重测周赛', `提交 ${id}（A 题）重新评测：${change}`],
      ]);
    }
    const sets = await ok(owner.get<RejudgeSetSummary[]>(`${R}/list?competition_id=${contestId}`));
    expect(sets.map((s) => [s.state, s.scope, s.problem, s.total, s.judged, s.changed])).toEqual([
      ['applied', 'problem', 'A', 2, 2, 2],
      ['cancelled', 'contest', null, 2, 2, 2],
    ]);
    // Applied once: a second apply or cancel is refused, and a new set may be made.
    expect((await admin.post(`${R}/apply?set_id=${set_id}`)).status).toBe(409);
    expect((await admin.post(`${R}/cancel?set_id=${set_id}`)).status).toBe(409);
    const single = await ok(create(owner, { scope: 'submission', submission_id: diffId }));
    expect(single.total).toBe(1);
    const d = await ready(owner, single.set_id);
    // Judged again against the same tests: nothing would change.
    expect([d.changed, d.board, d.runs.map((r) => [r.old_status, r.new_status])]).toEqual([
      0,
      [],
      [['AC', 'AC']],
    ]);
    expect((await owner.post(`${R}/cancel?set_id=${single.set_id}`)).code).toBe(0);
  });

  it('an ended rated contest: its final ranks and the rating chain follow an applied set', async () => {
    const a = await ts.register('rj_rate_a');
    const b = await ts.register('rj_rate_b');
    const body: CompetitionAddRequestRaw = {
      name: '计分重测赛',
      description: '',
      type: 1,
      start_time: iso(-2 * MIN),
      end_time: iso(60 * MIN),
      problems: [{ problem_id: problemId }],
    };
    const id = (await ok(admin.post<{ competition_id: number }>(`${C}/admin/algorithm/add?status=1`, body)))
      .competition_id;
    const tries: number[] = [];
    for (const [p, source] of [
      [a, DIFF],
      [b, SUM],
    ] as const) {
      await ok(p.client.post(`${C}/join?competition_id=${id}`));
      const sub = await ok(
        p.client.post<{ submission_id: number }>('/api/problem/algorithm/judge/submit', {
          problem_id: problemId,
          language: 'Python3',
          source_code: source,
          competition_id: id,
          index: 0,
        }),
      );
      tries.push(sub.submission_id);
      await verdict(p.client, sub.submission_id);
    }
    await endContestNow(admin, id, body);
    // Marking it rated again runs the periodic job's work now: a ranks 1 (+96), b 2 (−98).
    await ok(admin.post(`${C}/admin/rated?competition_id=${id}&rated=1`));
    const recordOf = async (p: { client: Client }) => {
      const r = (await ok(p.client.post<JoinRecord[]>(`${C}/user/joins/get`, { pageNum: 0 }))).find(
        (x) => x.competition_id === id,
      )!;
      return [r.rank, r.rating_change];
    };
    expect([await recordOf(a), await recordOf(b)]).toEqual([
      [1, 96],
      [2, -98],
    ]);
    // The answers become a + b again: the set swaps them.
    await ok(
      uploadZip(
        admin,
        problemId,
        await testsZip([
          ['1 2\n', '3\n'],
          ['5 7\n', '12\n'],
        ]),
      ),
    );
    const { set_id } = await ok(
      admin.post<RejudgeCreated>(`${R}/create`, { competition_id: id, scope: 'contest' }),
    );
    const d = await ready(admin, set_id);
    expect(d.board.map((r) => [r.uuid, r.rank_before, r.rank_after])).toEqual([
      [b.uuid, 2, 1],
      [a.uuid, 1, 2],
    ]);
    expect([await recordOf(a), await recordOf(b)]).toEqual([
      [1, 96],
      [2, -98],
    ]);
    await ok(admin.post(`${R}/apply?set_id=${set_id}`));
    expect([await recordOf(a), await recordOf(b)]).toEqual([
      [2, -98],
      [1, 96],
    ]);
    expect([(await verdict(admin, tries[0])).status, (await verdict(admin, tries[1])).status]).toEqual([
      'WA',
      'AC',
    ]);
  }, 180_000);
});
