import {
  type RecordSum,
  type ReplayDetail,
  type ReplayLink,
  type ReplayPage,
  ReplayRecorder,
  type ReplayWire,
  REPLAY_MAX_BYTES,
} from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type Client, startTestServer, type TestServer } from '../../../test/helpers';
import { endContestNow } from '../../../test/contests';
import { problemBody, type RoleClients, roleClients } from '../../../test/problems';

const P = '/api/problem/algorithm';
const R = '/api/code-replay';
const AB_PY = 'a, b = map(int, input().split())\nprint(a + b)\n';

/**
 * Clears `start`, types and erases `noise` characters, then types `code` key by key (300 ms a key),
 * with one run in the middle, as the solving page records it.
 */
function typed(code: string, start = '', noise = 0): ReplayWire {
  let t = 0;
  const rec = new ReplayRecorder(start, () => (t += 300));
  rec.remove(0, start.length);
  for (let i = 0; i < noise; i++) rec.insert(i, 'x');
  for (let i = noise; i > 0; i--) rec.remove(i - 1, 1);
  for (let i = 0; i < code.length; i++) {
    rec.insert(i, code[i]);
    if (i === 20) rec.mark('r');
  }
  rec.mark('s');
  return rec.cut();
}

const MIN = 60_000;
const iso = (ms: number) => new Date(Date.now() + ms).toISOString();

describe.each(backends())('code replay on $name', (backend) => {
  let ts: TestServer;
  let c: RoleClients;
  let other: Client;
  let replayId = 0;
  let submissionId = 0;
  const NOISE = 120;
  const timeline = typed(AB_PY, '// 模板\n'.repeat(40), NOISE);

  const submit = (who: Client, body: object) =>
    who.post<{ submission_id: number }>(`${P}/judge/submit`, {
      problem_id: 1000,
      language: 'Python3',
      source_code: AB_PY,
      ...body,
    });
  const get = (who: Client, query: string) => who.get<ReplayDetail>(`${R}/get?${query}`);

  beforeAll(async () => {
    ts = await startTestServer(backend, { rateLimits: { submit: { max: 1000, windowMs: 60_000 } } });
    c = await roleClients(ts, 'rep');
    other = (await ts.register('rep_other')).client;
  }, 60_000);
  afterAll(() => ts?.close());

  it('stores the timeline sent with a submission, compressed, and lists it as mine', async () => {
    expect(timeline.snapshots.length).toBe(1); // 1 + 240 + 47 edits: one snapshot at 200
    const res = await submit(c.user, { replay: timeline });
    expect(res.code).toBe(0);
    submissionId = res.data.submission_id;
    const mine = (await c.user.post<ReplayPage>(`${R}/mine`)).data;
    expect(mine.total).toBe(1);
    const row = mine.records[0];
    expect(row).toMatchObject({
      submission_id: submissionId,
      problem_id: 1000,
      language: 'Python3',
      run_count: 1,
      edit_count: 1 + 2 * NOISE + AB_PY.length,
      duration_ms: timeline.events.length * 300,
      shared: false,
    });
    expect(row.problem_name).not.toBe('');
    expect(row.stored_bytes).toBeGreaterThan(0);
    expect(row.stored_bytes).toBeLessThan(JSON.stringify(timeline).length / 2);
    replayId = row.id;
    // Others' lists do not show it; a submission without a timeline has no replay.
    expect((await other.post<ReplayPage>(`${R}/mine`)).data.total).toBe(0);
    expect((await c.anon.post(`${R}/mine`)).code).toBe(40101);
    const plain = await submit(c.user, {});
    expect(
      (await c.user.post<ReplayLink>(`${R}/link?submission_id=${plain.data.submission_id}`)).data,
    ).toBeNull();
  });

  it('plays back exactly what was sent, by id or by submission, to its owner and admins', async () => {
    const byId = await get(c.user, `id=${replayId}`);
    expect(byId.code).toBe(0);
    expect(byId.data.timeline).toEqual(timeline);
    expect(byId.data.mine).toBe(true);
    const bySubmission = await get(c.user, `submission_id=${submissionId}`);
    expect(bySubmission.data.id).toBe(replayId);
    const admin = await get(c.admin, `id=${replayId}`);
    expect([admin.code, admin.data.mine]).toEqual([0, false]);
    expect((await c.user.post<ReplayLink>(`${R}/link?submission_id=${submissionId}`)).data).toEqual({
      id: replayId,
    });
    const noId = await get(c.user, '');
    expect([noId.status, noId.message]).toEqual([400, '回放编号和提交编号至少填写一个']);
  });

  it('refuses others until the owner shares it; only the owner may share', async () => {
    for (const who of [other, c.anon, c.banned]) {
      const res = await get(who, `id=${replayId}`);
      expect([res.status, res.message]).toEqual([404, '代码回放不存在或未公开']);
      expect((await who.post<ReplayLink>(`${R}/link?submission_id=${submissionId}`)).data).toBeNull();
    }
    const byOther = await other.post(`${R}/share`, { id: replayId, shared: true });
    expect([byOther.status, byOther.message]).toEqual([403, '只有回放的作者可以设置分享']);
    expect((await c.admin.post(`${R}/share`, { id: replayId, shared: true })).status).toBe(403);
    expect((await c.anon.post(`${R}/share`, { id: replayId, shared: true })).code).toBe(40101);
    const bad = await c.user.post(`${R}/share`, { id: replayId, shared: 'yes' });
    expect([bad.status, bad.message]).toEqual([400, '是否分享必须是布尔值']);
    expect((await c.user.post(`${R}/share`, { id: replayId, shared: true })).message).toBe('已分享');
    for (const who of [other, c.anon]) {
      const res = await get(who, `id=${replayId}`);
      expect([res.code, res.data.mine, res.data.timeline]).toEqual([0, false, timeline]);
    }
    expect((await c.user.post<ReplayPage>(`${R}/mine`)).data.records[0].shared).toBe(true);
  });

  it('hides shared code while a running contest lists its problem, and a contest try until the end', async () => {
    const body = {
      name: '回放赛',
      description: '',
      type: 1 as const,
      start_time: iso(-10 * MIN),
      end_time: iso(60 * MIN),
      problems: [{ problem_id: 1000 }],
    };
    const created = await c.admin.post<{ competition_id: number }>(
      '/api/competition/admin/algorithm/add',
      body,
    );
    const contestId = created.data.competition_id;
    // The practice replay shared above is a solution of a problem the contest now uses.
    expect((await get(other, `id=${replayId}`)).status).toBe(404);
    expect((await get(c.user, `id=${replayId}`)).code).toBe(0);
    expect((await c.user.post(`/api/competition/join?competition_id=${contestId}`)).code).toBe(0);
    const inContest = await submit(c.user, { competition_id: contestId, index: 0, replay: typed(AB_PY) });
    expect(inContest.code).toBe(0);
    const link = await c.user.post<ReplayLink>(`${R}/link?submission_id=${inContest.data.submission_id}`);
    const contestReplay = link.data!.id;
    expect((await c.user.post(`${R}/share`, { id: contestReplay, shared: true })).code).toBe(0);
    expect((await get(other, `id=${contestReplay}`)).status).toBe(404);
    expect((await get(c.admin, `id=${contestReplay}`)).code).toBe(0);
    await endContestNow(c.admin, contestId, body);
    expect((await get(other, `id=${contestReplay}`)).code).toBe(0);
    expect((await get(other, `id=${replayId}`)).code).toBe(0);
  });

  it("issue 22 item 1: a user's running contest hides shared code from its own participants only", async () => {
    const { client: maker } = await ts.register('rep_maker');
    const made = await maker.post<{ competition_id: number }>('/api/competition/user/add', {
      name: '自建回放赛',
      description: '',
      type: 1,
      start_time: iso(-10 * MIN),
      end_time: iso(29 * 24 * 60 * MIN),
      problems: [{ problem_id: 1000 }],
    });
    expect(made.code).toBe(0);
    const { client: player } = await ts.register('rep_player');
    expect((await player.post(`/api/competition/join?competition_id=${made.data.competition_id}`)).code).toBe(0);
    expect((await get(player, `id=${replayId}`)).status).toBe(404);
    const link = await player.post<ReplayLink>(`${R}/link?submission_id=${submissionId}`);
    expect(link.data).toBeNull();
    for (const who of [other, maker, c.anon]) expect((await get(who, `id=${replayId}`)).code).toBe(0);
    expect((await c.admin.post(`/api/competition/admin/delete?competition_id=${made.data.competition_id}`)).code).toBe(0);
    expect((await get(player, `id=${replayId}`)).code).toBe(0);
  });

  it('issue 22 item 2: a shared solution follows the after-AC policy like the solution posts', async () => {
    expect((await c.admin.post('/api/posts/policy/set?problem_id=1000&policy=after_ac')).code).toBe(0);
    try {
      expect((await get(c.anon, `id=${replayId}`)).status).toBe(404);
      expect((await get(c.user, `id=${replayId}`)).code).toBe(0);
      expect((await get(c.admin, `id=${replayId}`)).code).toBe(0);
    } finally {
      await c.admin.post('/api/posts/policy/set?problem_id=1000&policy=all');
    }
    expect((await get(c.anon, `id=${replayId}`)).code).toBe(0);
  });

  it('refuses a timeline that does not fit the code, or is too big, and stores nothing then', async () => {
    const before = (await c.user.post<RecordSum>(`${P}/records/user/sum`)).data.total;
    const wrong = await submit(c.user, { replay: typed('print(1)\n') });
    expect([wrong.status, wrong.message]).toEqual([400, '代码回放的结果与提交的代码不一致']);
    const outOfRange = await submit(c.user, {
      replay: { v: 1, start: '', events: [[0, 5, 'x']], snapshots: [] },
    });
    expect([outOfRange.status, outOfRange.message]).toEqual([400, '代码回放的第 1 个编辑超出了代码范围']);
    const badSnapshot = { ...timeline, snapshots: [[timeline.snapshots[0][0], 'x']] };
    expect((await submit(c.user, { replay: badSnapshot })).message).toBe(
      '代码回放的第 1 个快照与编辑记录不一致',
    );
    const malformed = await submit(c.user, { replay: { v: 1, start: '', events: [['x']], snapshots: [] } });
    expect([malformed.status, malformed.message]).toEqual([
      400,
      expect.stringMatching(/^代码回放的编辑记录格式不正确/),
    ]);
    const huge = {
      v: 1,
      start: '',
      events: [
        [0, 0, 'x'.repeat(REPLAY_MAX_BYTES)],
        [0, 0, REPLAY_MAX_BYTES],
      ],
      snapshots: [],
    };
    const big = await submit(c.user, { replay: huge });
    expect([big.status, big.message]).toEqual([400, expect.stringMatching(/^代码回放不能超过 256 KiB/)]);
    expect((await c.user.post<RecordSum>(`${P}/records/user/sum`)).data.total).toBe(before);
  });

  it('hides a shared replay of a problem that becomes hidden, from everyone but its owner and admins', async () => {
    const hide = (visible: boolean) =>
      c.admin.post(`${P}/admin/modify`, { ...problemBody({ visible }), problem_id: 1000 });
    expect((await hide(false)).code).toBe(0);
    try {
      expect((await get(other, `id=${replayId}`)).status).toBe(404);
      expect((await get(c.anon, `id=${replayId}`)).status).toBe(404);
      expect((await get(c.user, `id=${replayId}`)).code).toBe(0);
      expect((await get(c.admin, `id=${replayId}`)).code).toBe(0);
    } finally {
      expect((await hide(true)).code).toBe(0);
    }
    expect((await get(other, `id=${replayId}`)).code).toBe(0);
  });
  it('keeps a shared replay of a frozen contest try hidden after the end, until the unfreeze', async () => {
    const body = {
      name: '封榜回放赛',
      description: '',
      type: 1 as const,
      start_time: iso(-10 * MIN),
      end_time: iso(60 * MIN),
      freeze_minutes: 65, // frozen from the start: every try below is behind it
      problems: [{ problem_id: 1000 }],
    };
    const created = await c.admin.post<{ competition_id: number }>('/api/competition/admin/algorithm/add', body);
    const contestId = created.data.competition_id;
    expect((await c.user.post(`/api/competition/join?competition_id=${contestId}`)).code).toBe(0);
    const tried = await submit(c.user, { competition_id: contestId, index: 0, replay: typed(AB_PY) });
    expect(tried.code).toBe(0);
    const link = await c.user.post<ReplayLink>(`${R}/link?submission_id=${tried.data.submission_id}`);
    const frozenReplay = link.data!.id;
    expect((await c.user.post(`${R}/share`, { id: frozenReplay, shared: true })).code).toBe(0);
    // Over, but the board is still frozen: the code would give the hidden verdict away.
    // Ten minutes long once ended now: a 9-minute freeze still covers the try made a moment ago.
    await endContestNow(c.admin, contestId, { ...body, freeze_minutes: 9 });
    for (const who of [other, c.anon]) expect((await get(who, `id=${frozenReplay}`)).status).toBe(404);
    expect((await get(c.user, `id=${frozenReplay}`)).code).toBe(0);
    expect((await get(c.admin, `id=${frozenReplay}`)).code).toBe(0);
    expect((await c.admin.post(`/api/competition/admin/unfreeze?competition_id=${contestId}`)).code).toBe(0);
    expect((await get(other, `id=${frozenReplay}`)).code).toBe(0);
  });
});
