import type { CompetitionAddRequestRaw, ProblemNeighbours, RecordPage, RecordSum } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type Client, startTestServer, type TestServer } from '../../../test/helpers';
import { problemBody, type RoleClients, roleClients, verdict } from '../../../test/problems';

// Issue 16: the global 评测记录 page (/records) lists everyone's submissions through the record
// list, filtered by problem, user, language and verdict. Hidden problems' records and verdicts
// behind a frozen scoreboard must not leak through it nor through its counts; 上一题 / 下一题 skip
// the problems the viewer may not see.

const P = '/api/problem/algorithm';
const C = '/api/competition';
const MIN = 60_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const AB_PY = 'a, b = map(int, input().split())\nprint(a + b)\n';
const WRONG_PY = 'print(0)\n';

describe.each(backends())('the global records page and neighbours on $name', (backend) => {
  let ts: TestServer;
  let c: RoleClients;
  let other: Client;
  let hidden: number;
  let after: number;
  const submit = async (who: Client, problem_id: number, source_code: string, extra = {}) => {
    const r = await who.post<{ submission_id: number }>(`${P}/judge/submit`, {
      problem_id,
      language: 'Python3',
      source_code,
      ...extra,
    });
    expect(r.message).toBe('提交成功');
    return (await verdict(who, r.data.submission_id)).submission_id;
  };
  const list = async (who: Client, query: string) =>
    (await who.get<RecordPage>(`${P}/records?${query}`)).data;
  const sum = async (who: Client, query = '') =>
    (await who.post<RecordSum>(`${P}/records/page/sum?${query}`)).data;

  beforeAll(async () => {
    ts = await startTestServer(backend, { rateLimits: { submit: { max: 1000, windowMs: 60_000 } } });
    c = await roleClients(ts, 'rp');
    other = (await ts.register('rp_other')).client;
    const add = async (chinese_name: string, visible: boolean) => {
      const id = (
        await c.admin.post<{ problem_id: number }>(`${P}/admin/add`, problemBody({ chinese_name, visible }))
      ).data.problem_id;
      await c.admin.post(`${P}/admin/testCase/add?problem_id=${id}`, [{ input: '1 2\n', output: '3\n' }]);
      return id;
    };
    hidden = await add('记录页秘密题', false);
    after = await add('记录页公开题', true);
  }, 60_000);
  afterAll(() => ts?.close());

  it('lists everyone, filters by user, language and verdict, and keeps hidden problems out of lists and counts', async () => {
    const secret = await submit(c.admin, hidden, AB_PY);
    const mine = await submit(c.user, after, AB_PY);
    const wrong = await submit(other, after, WRONG_PY);

    // Everyone's, newest first; the hidden problem's record is not there for others, nor counted.
    for (const who of [c.anon, other]) {
      const page = await list(who, `pageSize=50`);
      const ids = page.records.map((r) => r.submission_id);
      expect(ids).toEqual(expect.arrayContaining([mine, wrong]));
      expect(ids).not.toContain(secret);
      expect(page.records.some((r) => r.problem_name === '记录页秘密题')).toBe(false);
      expect(page.total).toBe(page.records.length);
      expect((await list(who, `problem_id=${hidden}`)).total).toBe(0);
      expect((await list(who, `user=${ts.admin.account}`)).records.map((r) => r.submission_id)).not.toContain(
        secret,
      );
      // The public counts agree with the list: the hidden problem's tries are in neither.
      expect(await sum(who, `problem_id=${hidden}`)).toMatchObject({ total: 0, accepted: 0, solved: 0 });
      expect((await sum(who)).total).toBe(page.total);
    }
    // Admins see it, and count it.
    expect((await list(c.admin, `problem_id=${hidden}`)).records.map((r) => r.submission_id)).toEqual([
      secret,
    ]);
    expect(await sum(c.admin, `problem_id=${hidden}`)).toMatchObject({ total: 1, accepted: 1 });

    // By user: the account or the nickname, exactly; nobody matching lists nothing.
    expect((await list(c.anon, 'user=rp_user')).records.map((r) => r.submission_id)).toEqual([mine]);
    expect((await list(c.anon, 'user=rp_nobody')).total).toBe(0);
    // By verdict and language.
    const wa = await list(c.anon, `problem_id=${after}&status=WA`);
    expect(wa.records.map((r) => r.submission_id)).toEqual([wrong]);
    expect((await list(c.anon, `problem_id=${after}&language=C%2B%2B`)).total).toBe(0);
    expect((await list(c.anon, `problem_id=${after}&language=Python3`)).total).toBe(2);
    // No code in a list row.
    expect(JSON.stringify(wa.records[0])).not.toContain('print(0)');
  }, 120_000);

  it('shows a frozen verdict as pending in the list, its filters and its counts', async () => {
    const body: CompetitionAddRequestRaw = {
      name: '记录页封榜赛',
      description: '',
      type: 1,
      start_time: iso(-10 * MIN),
      end_time: iso(60 * MIN),
      freeze_minutes: 65,
      problems: [{ problem_id: after }],
    };
    const id = (await c.admin.post<{ competition_id: number }>(`${C}/admin/algorithm/add`, body)).data
      .competition_id;
    expect((await c.user.post(`${C}/join?competition_id=${id}`)).code).toBe(0);
    const before = await sum(other, `problem_id=${after}`);
    const sid = await submit(c.user, after, AB_PY, { competition_id: id, index: 0 });
    const row = (p: RecordPage) => p.records.find((r) => r.submission_id === sid);
    for (const who of [c.anon, other]) {
      expect(row(await list(who, 'pageSize=50'))).toMatchObject({ status: 'PD', frozen: true });
      expect(row(await list(who, `problem_id=${after}&status=AC`))).toBeUndefined();
      expect(row(await list(who, `problem_id=${after}&status=PD`))).toBeDefined();
      expect(await sum(who, `problem_id=${after}`)).toMatchObject({
        total: before.total + 1,
        accepted: before.accepted,
        solved: before.solved,
      });
    }
    expect(row(await list(c.admin, `problem_id=${after}&status=AC`))).toMatchObject({ status: 'AC' });
  }, 120_000);

  it('gives 上一题 / 下一题 in bank order, skipping what the viewer may not see', async () => {
    const n = async (who: Client, id: number) =>
      who.get<ProblemNeighbours>(`${P}/search/neighbours?problem_id=${id}`);
    const first = (await n(c.anon, 1000)).data;
    expect(first.prev).toBeNull();
    expect(first.next?.problem_id).toBe(1001);
    // The hidden problem sits just before `after` (hidden ones of the seed too): others step over it.
    for (const who of [c.anon, c.user]) {
      const prev = (await n(who, after)).data.prev!;
      expect(prev.problem_id).toBeLessThan(hidden);
      expect((await n(who, prev.problem_id)).data.next).toEqual({
        problem_id: after,
        chinese_name: '记录页公开题',
      });
      expect((await n(who, hidden)).status).toBe(404);
    }
    expect((await n(c.admin, after)).data.prev).toEqual({ problem_id: hidden, chinese_name: '记录页秘密题' });
    expect((await n(c.anon, after)).data.next).toBeNull();
    expect((await n(c.anon, 0)).status).toBe(400);
  });
});
