import type { SubmissionRecord } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../../test/helpers';
import { backends, startTestServer } from '../../../test/helpers';
import { problemBody, type RoleClients, roleClients, submit, verdict } from '../../../test/problems';
import { openSse } from '../../../test/sse-client';

const P = '/api/problem/algorithm';
const AB_PY = 'a, b = map(int, input().split())\nprint(a + b)\n';

describe.each(backends())('live streams follow rejudges on $name', (backend) => {
  let ts: TestServer;
  let c: RoleClients;
  let pid: number;
  const setAnswer = (output: string) =>
    c.admin.post(`${P}/admin/testCase/add?problem_id=${pid}`, [
      { input: '1 2\n', output },
      { input: '5 7\n', output: '12\n' },
    ]);
  beforeAll(async () => {
    ts = await startTestServer(backend, { rateLimits: { submit: { max: 1000, windowMs: 60_000 } } });
    c = await roleClients(ts, 'follow');
    pid = (await c.admin.post<{ problem_id: number }>(`${P}/admin/add`, problemBody())).data.problem_id;
  }, 60_000);
  afterAll(() => ts?.close());

  it('a following stream outlives done and shows a rejudge, its progress and the new verdict', async () => {
    await setAnswer('3\n');
    const id = await submit(c.user, pid, 'Python3', AB_PY);
    expect((await verdict(c.user, id)).status).toBe('AC');

    // Without follow the stream ends after the verdict (the old contract).
    const once = openSse(`${ts.url}${P}/records/stream?submission_id=${id}`, c.user);
    await once.until((e) => e.event === 'done');
    expect(await once.ended()).toBe(true);

    const s = openSse(`${ts.url}${P}/records/stream?submission_id=${id}&follow=1`, c.user);
    const visitor = openSse(`${ts.url}${P}/records/stream?submission_id=${id}&follow=1`, c.anon);
    const first = await s.until((e) => e.event === 'done');
    await visitor.until((e) => e.event === 'done');
    expect(s.events[first].data.record?.status).toBe('AC');
    expect(await s.ended(1500)).toBe(false); // still open after done

    await setAnswer('4\n'); // the first test's answer is now wrong
    expect((await c.admin.post(`${P}/admin/rejudge?submission_id=${id}`)).code).toBe(0);
    const queued = await s.until((e) => e.event === 'queued', first + 1);
    const tested = await s.until((e) => e.event === 'test', queued + 1);
    expect(s.events[tested].data).toMatchObject({ submission_id: id, total: 2 });
    const second = await s.until((e) => e.event === 'done', tested + 1);
    expect(s.events[second].data.record?.status).toBe('WA');
    expect(s.events.slice(queued).map((e) => e.event)).toContain('compiling');
    // The author's verdict carries the code; a visitor's the same verdict without it.
    const seen = await visitor.until((e) => e.event === 'done' && e.data.record?.status === 'WA');
    expect(s.events[second].data.record).toMatchObject({ source_code: AB_PY });
    expect(visitor.events[seen].data.record).toMatchObject({ source_code: null, uuid: c.userUuid });
    visitor.close();

    // And once more, on the same connection: the problem rejudged back to AC.
    await setAnswer('3\n');
    expect((await c.admin.post(`${P}/admin/rejudge?problem_id=${pid}`)).code).toBe(0);
    const third = await s.until((e) => e.event === 'done', second + 1);
    expect(s.events[third].data.record?.status).toBe('AC');
    expect(await s.ended(200)).toBe(false);
    s.close();
  }, 120_000);

  it("the author's verdict on a following stream is the author's record: code and compiler output", async () => {
    // Issue 23: at the verdict the author's stream adds the code to the record the event carried
    // instead of reading the record again; it must still be the author's record, to the letter.
    await setAnswer('3\n');
    const id = await submit(c.user, pid, 'C', 'int main( { return 0; }\n');
    const judged = await verdict(c.user, id);
    expect(judged.status).toBe('CE');
    expect(judged.compile_message).not.toBe('');
    const s = openSse(`${ts.url}${P}/records/stream?submission_id=${id}&follow=1`, c.user);
    const first = await s.until((e) => e.event === 'done');
    expect((await c.admin.post(`${P}/admin/rejudge?submission_id=${id}`)).code).toBe(0);
    const again = await s.until((e) => e.event === 'done', first + 1);
    s.close();
    const mine = (await c.user.get<SubmissionRecord>(`${P}/records/recordId?submission_id=${id}`)).data;
    expect(mine.compile_message).not.toBe('');
    expect(s.events[again].data.record).toEqual(mine);
  }, 120_000);

  it("the user's stream of one problem says which records changed and streams their progress", async () => {
    await setAnswer('3\n');
    const id = await submit(c.user, pid, 'Python3', AB_PY);
    expect((await verdict(c.user, id)).status).toBe('AC');
    const other = await ts.register('follow_other');
    const otherId = await submit(other.client, pid, 'Python3', AB_PY);
    await verdict(other.client, otherId);

    const s = openSse(`${ts.url}${P}/records/user/stream?problem_id=${pid}`, c.user);
    await s.until((e) => e.event === 'ready');
    await setAnswer('4\n');
    expect((await c.admin.post(`${P}/admin/rejudge?problem_id=${pid}`)).code).toBe(0);
    const pd = await s.until((e) => e.event === 'changed' && e.data.submission_id === id);
    expect(s.events[pd].data.status).toBe('PD');
    const progress = await s.until((e) => e.event === 'test' && e.data.submission_id === id, pd);
    const wa = await s.until(
      (e) => e.event === 'changed' && e.data.submission_id === id && e.data.status !== 'PD',
      progress,
    );
    expect(s.events[wa].data.status).toBe('WA');
    await verdict(other.client, otherId);
    // Only the caller's records: the other user's submission of the same problem is not announced.
    expect(s.events.some((e) => e.data.submission_id === otherId)).toBe(false);
    s.close();

    const anon = await ts.client().get(`${P}/records/user/stream?problem_id=${pid}`);
    expect(anon.code).toBe(40101);
    const bad = await c.user.get(`${P}/records/user/stream?problem_id=x`);
    expect([bad.status, bad.message]).toEqual([400, expect.stringMatching(/^题目编号/)]);
    const badFollow = await c.user.get(`${P}/records/stream?submission_id=${id}&follow=yes`);
    expect([badFollow.status, badFollow.message]).toEqual([400, expect.stringMatching(/关注只能是 0 或 1/)]);
  }, 120_000);

  it('following streams end when the server shuts down', async () => {
    const id = await submit(c.user, pid, 'Python3', AB_PY);
    await verdict(c.user, id);
    const follow = openSse(`${ts.url}${P}/records/stream?submission_id=${id}&follow=1`, c.user);
    const mine = openSse(`${ts.url}${P}/records/user/stream?problem_id=${pid}`, c.user);
    await follow.until((e) => e.event === 'done');
    await mine.until((e) => e.event === 'ready');
    await ts.server.close();
    expect(await follow.ended()).toBe(true);
    expect(await mine.ended()).toBe(true);
  }, 60_000);
});
