import type { CompetitionAddRequestRaw } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../test/helpers';
import { endContestNow } from '../../../test/contests';
import { problemBody, type RoleClients, roleClients } from '../../../test/problems';

// Issue 11: hidden content stays hidden on every path a contest opens (user-created contests,
// password contests). Each block tries the side door as an outsider would.

const C = '/api/competition';
const P = '/api/problem/algorithm';
const M = '/api/problem/math408';
const MIN = 60_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const AB_PY = 'a, b = map(int, input().split())\nprint(a + b)\n';

const contest = (over: Partial<CompetitionAddRequestRaw> = {}): CompetitionAddRequestRaw => ({
  name: '自建赛',
  description: '',
  type: 1,
  start_time: iso(-10 * MIN),
  end_time: iso(60 * MIN),
  problems: [{ problem_id: 1000 }],
  ...over,
});

/** A single-choice math question (key B). */
const choiceQuestion = (o: { title: string; content: string; explanation: string; visible: boolean }) => ({
  type: 'single',
  difficulty: 1,
  tags_list: [1],
  options: [
    { key: 'A', content: '0' },
    { key: 'B', content: '1' },
  ],
  answer: ['B'],
  ...o,
});

async function created(res: Promise<{ code: number; message: string; data: unknown }>): Promise<number> {
  const r = await res;
  if (r.code !== 0) throw new Error(`create: ${r.message}`);
  return (r.data as { competition_id: number }).competition_id;
}

describe.each(backends())('hidden content through contests on $name', (backend) => {
  let ts: TestServer;
  let c: RoleClients;
  let hiddenProblem: number;
  let hiddenQuestion: number;
  beforeAll(async () => {
    ts = await startTestServer(backend, { rateLimits: { submit: { max: 1000, windowMs: 60_000 } } });
    c = await roleClients(ts, 'hid');
    const added = await c.admin.post<{ problem_id: number }>(
      `${P}/admin/add`,
      problemBody({ chinese_name: '秘密题', visible: false }),
    );
    hiddenProblem = added.data.problem_id;
    await c.admin.post(`${P}/admin/testCase/add?problem_id=${hiddenProblem}`, [
      { input: '1 2\n', output: '3\n' },
    ]);
    const q = await c.admin.post<{ question_id: number }>(
      `${M}/admin/add`,
      choiceQuestion({ title: '秘密选择题', content: '未公开的题面', explanation: '解析', visible: false }),
    );
    hiddenQuestion = q.data.question_id;
  }, 60_000);
  afterAll(() => ts?.close());

  it('item 1: a user-created contest lists only problems its author can see in the bank', async () => {
    // The hidden problem, also as one of an admin's contest that has not started yet.
    await created(
      c.admin.post(
        `${C}/admin/algorithm/add`,
        contest({
          start_time: iso(60 * MIN),
          end_time: iso(120 * MIN),
          problems: [{ problem_id: hiddenProblem }],
        }),
      ),
    );
    const refused = await c.user.post(
      `${C}/user/add`,
      contest({ problems: [{ problem_id: hiddenProblem }] }),
    );
    // Reported like a missing problem: its existence does not leak either.
    expect([refused.status, refused.message]).toEqual([400, `题目列表中的题目不存在：${hiddenProblem}`]);

    // Nor by editing an own contest before its start.
    const later = await created(
      c.user.post(`${C}/user/add`, contest({ start_time: iso(60 * MIN), end_time: iso(120 * MIN) })),
    );
    const edit = await c.user.post(
      `${C}/admin/modify?competition_id=${later}`,
      contest({
        start_time: iso(60 * MIN),
        end_time: iso(120 * MIN),
        problems: [{ problem_id: hiddenProblem }],
      }),
    );
    expect([edit.status, edit.message]).toEqual([400, `题目列表中的题目不存在：${hiddenProblem}`]);

    // No contest lists it: the statement and the tests stay out of reach.
    const own = await created(c.user.post(`${C}/user/add`, contest()));
    expect((await c.user.post(`${C}/join?competition_id=${own}`)).code).toBe(0);
    const statement = await c.user.post<{ problem: { problem_id: number } }>(
      `${C}/search/problem?competition_id=${own}&index=0`,
    );
    expect(statement.data.problem.problem_id).toBe(1000);
    const submit = await c.user.post(`${P}/judge/submit`, {
      problem_id: hiddenProblem,
      language: 'Python3',
      source_code: AB_PY,
      competition_id: own,
      index: 0,
    });
    expect([submit.status, submit.message]).toEqual([400, expect.stringMatching(/^题目与比赛第 A 题不符/)]);
    expect((await c.user.post(`${P}/search/problemId?problem_id=${hiddenProblem}`)).status).toBe(404);

    // Admins still build contests of hidden problems (that is how contest problems are prepared).
    expect(
      (await c.admin.post(`${C}/admin/algorithm/add`, contest({ problems: [{ problem_id: hiddenProblem }] })))
        .code,
    ).toBe(0);
  });

  it('item 2: a started user-created math contest does not make a hidden question readable', async () => {
    const refused = await c.user.post(
      `${C}/user/add`,
      contest({ type: 2, start_time: iso(-30 * MIN), problems: [{ problem_id: hiddenQuestion }] }),
    );
    expect([refused.status, refused.message]).toEqual([400, `题目列表中的题目不存在：${hiddenQuestion}`]);
    for (const who of [c.anon, c.user]) {
      const read = await who.get(`${M}/search/questionId?question_id=${hiddenQuestion}`);
      expect(read.status).toBe(404);
    }
    // A published question is fine for everyone's contests.
    expect(
      (await c.user.post(`${C}/user/add`, contest({ type: 2, problems: [{ problem_id: 2 }] }))).code,
    ).toBe(0);
  });

  it('item 5: a password contest shows its problems only to those who joined', async () => {
    const body = (over: Partial<CompetitionAddRequestRaw>) => contest({ password: 'open-sesame', ...over });
    const algo = await created(
      c.admin.post(`${C}/admin/algorithm/add`, body({ problems: [{ problem_id: hiddenProblem }] })),
    );
    const math = await created(
      c.admin.post(`${C}/admin/algorithm/add`, body({ type: 2, problems: [{ problem_id: hiddenQuestion }] })),
    );
    const { client: stranger } = await ts.register('hid_stranger');
    const paths = (id: number) => [
      `${C}/search/problems?competition_id=${id}`,
      `${C}/search/problem?competition_id=${id}&index=0`,
    ];
    for (const path of [...paths(algo), ...paths(math)]) {
      const res = await stranger.post(path);
      expect([path, res.status, res.message]).toEqual([path, 403, '该比赛设有密码，报名参加后才能查看题目']);
    }
    // The side doors: the hidden question in the bank, submitting or answering in the contest.
    expect((await stranger.get(`${M}/search/questionId?question_id=${hiddenQuestion}`)).status).toBe(404);
    expect((await c.anon.get(`${M}/search/questionId?question_id=${hiddenQuestion}`)).status).toBe(404);
    const submit = await stranger.post(`${P}/judge/submit`, {
      problem_id: hiddenProblem,
      language: 'Python3',
      source_code: AB_PY,
      competition_id: algo,
      index: 0,
    });
    expect(submit.status).toBe(403);

    // Joined with the password: everything opens.
    for (const id of [algo, math])
      expect((await stranger.post(`${C}/join?competition_id=${id}&password=open-sesame`)).code).toBe(0);
    for (const path of [...paths(algo), ...paths(math)]) expect((await stranger.post(path)).code).toBe(0);
    expect((await stranger.get(`${M}/search/questionId?question_id=${hiddenQuestion}`)).code).toBe(0);
    // Still closed to everyone else; a contest without a password is open to all once started.
    expect((await c.user.get(`${M}/search/questionId?question_id=${hiddenQuestion}`)).status).toBe(404);
    const open = await created(
      c.admin.post(`${C}/admin/algorithm/add`, contest({ problems: [{ problem_id: hiddenProblem }] })),
    );
    expect((await c.user.post(`${C}/search/problem?competition_id=${open}&index=0`)).code).toBe(0);
  });

  it('item 5: an ended password contest stays closed to those who did not join, for practice too', async () => {
    const body = contest({ password: 'open-sesame', problems: [{ problem_id: hiddenProblem }] });
    const id = await created(c.admin.post(`${C}/admin/algorithm/add`, body));
    await endContestNow(c.admin, id, body);
    expect(
      (await c.user.get<{ state: string }>(`${C}/search/competitionId?competition_id=${id}`)).data.state,
    ).toBe('ended');
    expect((await c.user.post(`${C}/search/problem?competition_id=${id}&index=0`)).status).toBe(403);
    const practice = await c.user.post(`${P}/judge/submit`, {
      problem_id: hiddenProblem,
      language: 'Python3',
      source_code: AB_PY,
      competition_id: id,
      index: 0,
    });
    expect([practice.status, practice.message]).toEqual([403, '该比赛设有密码，报名参加后才能查看题目']);
  });
  it('item 4: while a running contest lists a question, it is answered only inside a contest', async () => {
    // Question 1 is a single choice (key C). An admin's contest runs with it.
    const official = await created(
      c.admin.post(
        `${C}/admin/algorithm/add`,
        contest({ name: '数学正赛', type: 2, problems: [{ problem_id: 1 }] }),
      ),
    );
    expect((await c.user.post(`${C}/join?competition_id=${official}`)).code).toBe(0);
    const refusal = [403, '该题正在比赛「数学正赛」中使用，比赛结束前只能在比赛中作答'];
    const { client: outsider } = await ts.register('hid_outsider');
    // Outside the contest: in the bank, by a participant and by anyone else.
    for (const who of [c.user, outsider]) {
      const res = await who.post(`${M}/answer`, { question_id: 1, choices: ['A'] });
      expect([res.status, res.message]).toEqual(refusal);
    }
    // Nor through a contest made for the purpose, running now.
    const own = await created(
      c.user.post(`${C}/user/add`, contest({ type: 2, problems: [{ problem_id: 1 }] })),
    );
    expect((await c.user.post(`${C}/join?competition_id=${own}`)).code).toBe(0);
    const viaOwn = await c.user.post(`${M}/answer`, {
      question_id: 1,
      choices: ['A'],
      competition_id: own,
      index: 0,
    });
    expect([viaOwn.status, viaOwn.message]).toEqual(refusal);
    // Nothing was stored, nothing is revealed.
    const mine = await c.user.post<{ total: number }>(`${M}/records?question_id=1`);
    expect(mine.data.total).toBe(0);
    const view = await c.user.get<{ answer: string[] | null; explanation: string | null; my_status: string }>(
      `${M}/search/questionId?question_id=1`,
    );
    expect(view.data).toMatchObject({ answer: null, explanation: null, my_status: 'none' });

    // Inside the contest the ICPC rules apply (a wrong try costs) and the key stays hidden.
    const inside = await c.user.post<{ status: string; correct_answer: string[] | null }>(`${M}/answer`, {
      question_id: 1,
      choices: ['A'],
      competition_id: official,
      index: 0,
    });
    expect(inside.data).toMatchObject({ status: 'wrong', correct_answer: null });
    // An admin's parallel contest (another division) with the same question is answered as usual.
    const division = await created(
      c.admin.post(
        `${C}/admin/algorithm/add`,
        contest({ name: '数学正赛二组', type: 2, problems: [{ problem_id: 1 }] }),
      ),
    );
    expect((await outsider.post(`${C}/join?competition_id=${division}`)).code).toBe(0);
    expect(
      (
        await outsider.post(`${M}/answer`, {
          question_id: 1,
          choices: ['C'],
          competition_id: division,
          index: 0,
        })
      ).code,
    ).toBe(0);
    // Admins answer anywhere (they see every key anyway).
    expect((await c.admin.post(`${M}/answer`, { question_id: 1, choices: ['C'] })).code).toBe(0);
  });
  it("issue 22 item 1: a user's math contest locks a public question for its own participants only", async () => {
    const q = await c.admin.post<{ question_id: number }>(
      `${M}/admin/add`,
      choiceQuestion({ title: '公开选择题', content: '公开的题面', explanation: '公开解析', visible: true }),
    );
    const qid = q.data.question_id;
    const { client: maker } = await ts.register('hid_math_maker');
    const { client: player } = await ts.register('hid_math_player');
    const { client: passer } = await ts.register('hid_math_passer');
    const own = await created(
      maker.post(
        `${C}/user/add`,
        contest({
          name: '自建数学赛',
          type: 2,
          end_time: iso(29 * 24 * 60 * MIN),
          problems: [{ problem_id: qid }],
        }),
      ),
    );
    expect((await player.post(`${C}/join?competition_id=${own}`)).code).toBe(0);
    const view = (who: typeof c.anon) =>
      who.get<{ explanation: string | null }>(`${M}/search/questionId?question_id=${qid}`);
    // Its participant answers only inside it and sees no key meanwhile.
    const bank = await player.post(`${M}/answer`, { question_id: qid, choices: ['A'] });
    expect([bank.status, bank.message]).toEqual([
      403,
      '该题正在比赛「自建数学赛」中使用，比赛结束前只能在比赛中作答',
    ]);
    const inside = await player.post<{ correct_answer: string[] | null }>(`${M}/answer`, {
      question_id: qid,
      choices: ['A'],
      competition_id: own,
      index: 0,
    });
    expect(inside.data.correct_answer).toBeNull();
    expect((await view(player)).data.explanation).toBeNull();
    // Everyone else, its maker included, answers in the bank and reads the explanation as before.
    for (const who of [passer, maker]) {
      const res = await who.post<{ correct_answer: string[] | null }>(`${M}/answer`, {
        question_id: qid,
        choices: ['A'],
      });
      expect([res.code, res.data.correct_answer]).toEqual([0, ['B']]);
      expect((await view(who)).data.explanation).toBe('公开解析');
    }
  });
  it("item 5: someone else's record of a hidden problem opens only through a contest one may read", async () => {
    const id = await created(
      c.admin.post(
        `${C}/admin/algorithm/add`,
        contest({ name: '密码赛记录', password: 'open-sesame', problems: [{ problem_id: hiddenProblem }] }),
      ),
    );
    const { client: member } = await ts.register('hid_member');
    const { client: stranger } = await ts.register('hid_record_stranger');
    expect((await member.post(`${C}/join?competition_id=${id}&password=open-sesame`)).code).toBe(0);
    const sent = await member.post<{ submission_id: number }>(`${P}/judge/submit`, {
      problem_id: hiddenProblem,
      language: 'Python3',
      source_code: AB_PY,
      competition_id: id,
      index: 0,
    });
    const sid = sent.data.submission_id;
    // An admin trying the hidden problem outside any contest: nobody else opens that record.
    const practice = await c.admin.post<{ submission_id: number }>(`${P}/judge/submit`, {
      problem_id: hiddenProblem,
      language: 'Python3',
      source_code: AB_PY,
    });
    const recordOf = (who: typeof c.anon, n: number) => who.get(`${P}/records/recordId?submission_id=${n}`);
    for (const who of [c.anon, stranger]) {
      expect((await recordOf(who, sid)).status).toBe(404);
      expect((await recordOf(who, practice.data.submission_id)).status).toBe(404);
      expect((await who.get(`${P}/records/stream?submission_id=${sid}`)).status).toBe(404);
    }
    for (const who of [member, c.admin]) expect((await recordOf(who, sid)).code).toBe(0);
    // Joined: the contest's records open.
    expect((await stranger.post(`${C}/join?competition_id=${id}&password=open-sesame`)).code).toBe(0);
    expect((await recordOf(stranger, sid)).code).toBe(0);
    expect((await recordOf(stranger, practice.data.submission_id)).status).toBe(404);
  });
});
