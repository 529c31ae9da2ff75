import type { ClarificationBoard, CompetitionAddRequestRaw, OpenClarificationContest } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type Client, startTestServer, type TestServer } from '../../../test/helpers';
import { openSse } from '../../../test/sse-client';

const C = '/api/competition';
const Q = '/api/clarifications';
const MIN = 60_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const contest = (over: Partial<CompetitionAddRequestRaw> = {}): CompetitionAddRequestRaw => ({
  name: '答疑赛',
  description: '',
  type: 1,
  start_time: iso(-10 * MIN),
  end_time: iso(60 * MIN),
  problems: [{ problem_id: 1000 }, { problem_id: 1001 }],
  ...over,
});

async function created(res: Promise<{ code: number; message: string; data: { competition_id: number } }>) {
  const r = await res;
  if (r.code !== 0) throw new Error(r.message);
  return r.data.competition_id;
}

describe.each(backends())('clarifications and contest announcements ($name)', (backend) => {
  let ts: TestServer;
  let admin: Client;
  let alice: Client;
  let bob: Client;
  let carol: Client; // not a participant
  let owner: Client; // author of a user-created contest, not an admin
  let aliceId: number;
  let open: number; // admin's contest, no password
  let secret: number; // admin's contest with a password
  let own: number; // owner's contest
  const list = (c: Client, id: number) => c.post<ClarificationBoard>(`${Q}/list?competition_id=${id}`);
  const ask = (c: Client, id: number, question: string, problem_index: number | null = 0) =>
    c.post<{ id: number }>(`${Q}/ask`, { competition_id: id, problem_index, question });

  beforeAll(async () => {
    ts = await startTestServer(backend);
    admin = await ts.login(ts.admin.account, ts.admin.password);
    const a = await ts.register('clar_alice');
    alice = a.client;
    aliceId = a.uuid;
    bob = (await ts.register('clar_bob')).client;
    carol = (await ts.register('clar_carol')).client;
    owner = (await ts.register('clar_owner')).client;
    open = await created(admin.post(`${C}/admin/algorithm/add`, contest()));
    secret = await created(admin.post(`${C}/admin/algorithm/add`, contest({ password: 'pw-1234' })));
    own = await created(owner.post(`${C}/user/add`, contest({ problems: [{ problem_id: 1000 }] })));
    for (const c of [alice, bob]) {
      expect((await c.post(`${C}/join?competition_id=${open}`)).code).toBe(0);
      expect((await c.post(`${C}/join?competition_id=${secret}&password=pw-1234`)).code).toBe(0);
      expect((await c.post(`${C}/join?competition_id=${own}`)).code).toBe(0);
    }
  }, 120_000);
  afterAll(async () => ts?.close());

  it('a private question and its answer reach only the asker and the managers', async () => {
    const q = await ask(alice, open, '输入的 n 可以为 0 吗？');
    expect(q.code).toBe(0);
    // Managers see it open, with the asker; the badge counts open questions for them.
    const forAdmin = (await list(admin, open)).data;
    expect(forAdmin.manager).toBe(true);
    expect(forAdmin.unread).toBe(1);
    expect(forAdmin.clarifications[0]).toMatchObject({
      question: '输入的 n 可以为 0 吗？',
      problem_name: 'A',
      answer: null,
      asker: { uuid: aliceId, username: expect.any(String) },
    });
    expect((await list(bob, open)).data.clarifications).toEqual([]);

    expect(
      (await admin.post(`${Q}/answer`, { clarification_id: q.data.id, answer: '不会，n ≥ 1。', public: false })).code,
    ).toBe(0);
    const mine = (await list(alice, open)).data;
    expect(mine.clarifications).toEqual([
      expect.objectContaining({ answer: '不会，n ≥ 1。', public: false, mine: true, asker: null }),
    ]);
    expect(mine.unread).toBe(1);
    expect(mine.can_ask).toBe(true);
    expect((await list(bob, open)).data.clarifications).toEqual([]);
    expect((await list(bob, open)).data.unread).toBe(0);
    // A public answer: every participant reads it, without the asker's name.
    expect(
      (await admin.post(`${Q}/answer`, { clarification_id: q.data.id, answer: '所有人注意：n ≥ 1。', public: true }))
        .code,
    ).toBe(0);
    const forBob = (await list(bob, open)).data;
    expect(forBob.clarifications).toEqual([
      expect.objectContaining({ answer: '所有人注意：n ≥ 1。', public: true, mine: false, asker: null }),
    ]);
    expect(forBob.unread).toBe(1);
    const read = await bob.post<{ unread: number }>(`${Q}/read?competition_id=${open}`);
    expect(read.data.unread).toBe(0);
    expect((await list(admin, open)).data.unread).toBe(0);
  });

  it('who may ask, answer and announce', async () => {
    // Not a participant, a general question is fine for participants, a wrong problem is refused.
    expect((await ask(carol, open, '我能提问吗？')).code).toBe(40300);
    expect((await ask(alice, open, '关于比赛时长', null)).code).toBe(0);
    const wrong = await ask(alice, open, '第三题？', 5);
    expect([wrong.status, wrong.message]).toEqual([400, '比赛中没有这道题']);
    const empty = await ask(alice, open, '   ');
    expect([empty.status, empty.message]).toEqual([400, '问题不能为空']);
    expect((await ts.client().post(`${Q}/ask`, { competition_id: open, question: 'x' })).code).toBe(40101);

    const q = (await ask(bob, open, '能用 Java 吗？')).data.id;
    for (const c of [alice, owner, carol])
      expect((await c.post(`${Q}/answer`, { clarification_id: q, answer: '可以', public: true })).code).toBe(40300);
    expect((await bob.post(`${Q}/announce`, { competition_id: open, content: '假公告' })).code).toBe(40300);
    expect((await alice.post(`${Q}/admin/open`)).code).toBe(40300);

    // The author of a user-created contest answers and announces there (not elsewhere).
    const oq = (await ask(alice, own, '题意不清')).data.id;
    expect((await owner.post(`${Q}/answer`, { clarification_id: oq, answer: '已补充', public: true })).code).toBe(0);
    expect((await owner.post(`${Q}/announce`, { competition_id: own, content: '题面已更新' })).code).toBe(0);
    expect((await list(bob, own)).data.announcements.map((a) => a.content)).toEqual(['题面已更新']);

    // The management list: contests with open questions first.
    const opened = (await admin.post<OpenClarificationContest[]>(`${Q}/admin/open`)).data;
    expect(opened[0]).toMatchObject({ competition_id: open, open: 2 });
    expect(opened.find((o) => o.competition_id === own)).toMatchObject({ open: 0, total: 1 });

    // Asking ends with the contest.
    const ended = await created(admin.post(`${C}/admin/algorithm/add`, contest({ start_time: iso(-10 * MIN), end_time: iso(MIN) })));
    expect((await alice.post(`${C}/join?competition_id=${ended}`)).code).toBe(0);
    const modify = await admin.post(`${C}/admin/modify?competition_id=${ended}`, contest({ end_time: iso(-1000) }));
    expect(modify.code).toBe(0);
    const late = await ask(alice, ended, '还能提问吗');
    expect([late.status, late.message]).toEqual([400, '只能在比赛进行中提问']);
  });

  it('a password contest shows nothing to non-participants', async () => {
    expect((await ask(alice, secret, '密码赛的问题')).code).toBe(0);
    expect((await admin.post(`${Q}/announce`, { competition_id: secret, content: '密码赛公告' })).code).toBe(0);
    const q = (await list(admin, secret)).data.clarifications[0].id;
    await admin.post(`${Q}/answer`, { clarification_id: q, answer: '公开回复', public: true });
    const refused = await list(carol, secret);
    expect([refused.code, refused.message]).toEqual([40300, '该比赛设有密码，报名参加后才能查看答疑']);
    expect((await carol.post(`${Q}/read?competition_id=${secret}`)).code).toBe(40300);
    const stream = await fetch(`${ts.url}${Q}/stream?competition_id=${secret}`, {
      headers: { cookie: [...carol.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(stream.status).toBe(403);
    await stream.body?.cancel();
    // A participant reads the public answer and the announcement.
    const forBob = (await list(bob, secret)).data;
    expect(forBob.announcements.map((a) => a.content)).toEqual(['密码赛公告']);
    expect(forBob.clarifications.map((c) => c.answer)).toEqual(['公开回复']);
    // An open contest: a logged-in non-participant reads the public part only.
    const forCarol = (await list(carol, open)).data;
    expect(forCarol.can_ask).toBe(false);
    expect(forCarol.clarifications.every((c) => c.public)).toBe(true);
  });

  it('answers and announcements arrive live on the stream, private ones only to their asker', async () => {
    const id = await created(admin.post(`${C}/admin/algorithm/add`, contest()));
    for (const c of [alice, bob]) await c.post(`${C}/join?competition_id=${id}`);
    const aliceStream = openSse(`${ts.url}${Q}/stream?competition_id=${id}`, alice);
    const bobStream = openSse(`${ts.url}${Q}/stream?competition_id=${id}`, bob);
    const adminStream = openSse(`${ts.url}${Q}/stream?competition_id=${id}`, admin);
    await aliceStream.until((e) => e.event === 'clarification');
    await bobStream.until((e) => e.event === 'clarification');
    await adminStream.until((e) => e.event === 'clarification');

    const q = (await ask(alice, id, '实时？')).data.id;
    await adminStream.until((e) => e.event === 'clarification' && e.data.unread === 1, 1, 10_000);
    await admin.post(`${Q}/answer`, { clarification_id: q, answer: '私下回复', public: false });
    await aliceStream.until((e) => e.event === 'clarification' && e.data.unread === 1, 1, 10_000);
    await admin.post(`${Q}/announce`, { competition_id: id, content: '实时公告' });
    await bobStream.until((e) => e.event === 'clarification' && e.data.unread === 1, 1, 10_000);
    await aliceStream.until((e) => e.event === 'clarification' && e.data.unread === 2, 1, 10_000);
    // Bob heard the announcement only: neither the question nor the private answer.
    expect(bobStream.events.map((e) => e.data.unread)).toEqual([0, 1]);
    for (const s of [aliceStream, bobStream, adminStream]) s.close();
  });
});
