import type {
  BankPage,
  CompetitionAddRequestRaw,
  ContestProblem,
  ContestProblemItem,
  Problem,
  RankPage,
  RecordPage,
  RecordSum,
  SubmissionRecord,
} from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type Client, startTestServer, type TestServer } from '../../../test/helpers';
import { type RoleClients, roleClients, verdict, watch } from '../../../test/problems';

// Issue 11 item 3: during a freeze, nobody but the author and admins learns the verdict of a try
// made after the freeze began — on any path, not only the scoreboard. One test walks them all.

const C = '/api/competition';
const P = '/api/problem/algorithm';
const MIN = 60_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const AB_PY = 'a, b = map(int, input().split())\nprint(a + b)\n';

const contest = (over: Partial<CompetitionAddRequestRaw> = {}): CompetitionAddRequestRaw => ({
  name: '封榜赛',
  description: '',
  type: 1,
  start_time: iso(-10 * MIN),
  end_time: iso(60 * MIN),
  // The last 65 of 70 minutes: frozen since minute 5, so every try of the test is behind it.
  freeze_minutes: 65,
  problems: [{ problem_id: 1000 }],
  ...over,
});

/** Everything a viewer can learn about problem 1000 and one submission, path by path. */
async function seenBy(ts: TestServer, who: Client, id: number, submissionId: number, solverUuid: number) {
  const record = (await who.get<SubmissionRecord>(`${P}/records/recordId?submission_id=${submissionId}`))
    .data;
  const streamed = (await watch(ts, who, submissionId)).map((e) => e.kind);
  const done = (await watch(ts, who, submissionId)).find((e) => e.kind === 'done');
  const byUser = (await who.get<RecordPage>(`${P}/records?uuid=${solverUuid}`)).data.records;
  const accepted = (await who.get<RecordPage>(`${P}/records?problem_id=1000&status=AC`)).data.records;
  const pending = (await who.get<RecordPage>(`${P}/records?problem_id=1000&status=PD`)).data.records;
  const sum = (await who.post<RecordSum>(`${P}/records/page/sum?problem_id=1000`)).data;
  const bank = (await who.get<Problem>(`${P}/search/problemId?problem_id=1000`)).data;
  const listed = (await who.post<BankPage>(`${P}/search`, { keyword: '1000' })).data.records[0];
  const inContest = await who.post<ContestProblem>(`${C}/search/problem?competition_id=${id}&index=0`);
  const items = await who.post<ContestProblemItem[]>(`${C}/search/problems?competition_id=${id}`);
  const rank = (await who.post<RankPage>(`${C}/search/rank/pageNum?competition_id=${id}`)).data;
  const row = (r: { submission_id: number; status: string; frozen: boolean }) =>
    r.submission_id === submissionId ? [r.status, r.frozen] : null;
  return {
    record: [record.status, record.frozen, record.time_used, record.test_results.length],
    streamed,
    done: done?.kind === 'done' ? [done.record.status, done.record.frozen] : null,
    byUser: byUser.map(row).find(Boolean),
    acceptedListed: accepted.some((r) => r.submission_id === submissionId),
    pendingListed: pending.some((r) => r.submission_id === submissionId),
    sum: [sum.accepted, sum.solved],
    bank: [bank.accept_num, listed.accept_num],
    contestProblem: inContest.code === 0 ? inContest.data.problem?.accept_num : null,
    solvedCount: items.code === 0 ? items.data[0].solved_count : null,
    cell: rank.records.find((r) => r.uuid === solverUuid)?.cells[0].state,
  };
}

describe.each(backends())('the scoreboard freeze on every read path on $name', (backend) => {
  let ts: TestServer;
  let c: RoleClients;
  beforeAll(async () => {
    ts = await startTestServer(backend, { rateLimits: { submit: { max: 1000, windowMs: 60_000 } } });
    c = await roleClients(ts, 'frz');
  }, 60_000);
  afterAll(() => ts?.close());

  it('hides a frozen verdict from everyone but its author and admins, until the unfreeze', async () => {
    const id = (await c.admin.post<{ competition_id: number }>(`${C}/admin/algorithm/add`, contest())).data
      .competition_id;
    const { client: watcher } = await ts.register('frz_watcher');
    for (const who of [c.user, watcher])
      expect((await who.post(`${C}/join?competition_id=${id}`)).code).toBe(0);

    const submitted = await c.user.post<{ submission_id: number }>(`${P}/judge/submit`, {
      problem_id: 1000,
      language: 'Python3',
      source_code: AB_PY,
      competition_id: id,
      index: 0,
    });
    const sid = submitted.data.submission_id;
    expect((await verdict(c.user, sid)).status).toBe('AC');

    const hidden = {
      record: ['PD', true, 0, 0],
      streamed: ['done'],
      done: ['PD', true],
      byUser: ['PD', true],
      acceptedListed: false,
      pendingListed: true,
      sum: [0, 0],
      bank: [0, 0],
      solvedCount: 0,
      cell: 'pending',
    };
    for (const who of [watcher, c.anon]) {
      const seen = await seenBy(ts, who, id, sid, c.userUuid);
      // Anonymous visitors cannot open contest problems at all (login needed).
      const contestPaths =
        who === c.anon ? { contestProblem: null, solvedCount: null } : { contestProblem: 0 };
      expect(seen).toEqual({ ...hidden, ...contestPaths });
    }
    // The author sees the truth everywhere but on the others' board view; so does an admin.
    const own = await seenBy(ts, c.user, id, sid, c.userUuid);
    expect(own).toMatchObject({ record: ['AC', false, expect.any(Number), 10], done: ['AC', false] });
    expect(own.byUser).toEqual(['AC', false]);
    const admin = await seenBy(ts, c.admin, id, sid, c.userUuid);
    expect(admin).toMatchObject({
      record: ['AC', false, expect.any(Number), 10],
      acceptedListed: true,
      sum: [1, 1],
    });

    // Unfrozen: the verdict is everyone's, the counters included.
    expect((await c.admin.post(`${C}/admin/unfreeze?competition_id=${id}`)).code).toBe(0);
    const revealed = await seenBy(ts, watcher, id, sid, c.userUuid);
    expect(revealed).toMatchObject({
      record: ['AC', false, expect.any(Number), 10],
      done: ['AC', false],
      byUser: ['AC', false],
      acceptedListed: true,
      pendingListed: false,
      sum: [1, 1],
      bank: [1, 1],
      contestProblem: 1,
      solvedCount: 1,
      cell: 'first',
    });

    // Frozen again (an admin's freeze applies to tries already made): hidden again, counters too.
    expect((await c.admin.post(`${C}/admin/freeze?competition_id=${id}&minutes=65`)).code).toBe(0);
    expect(await seenBy(ts, watcher, id, sid, c.userUuid)).toEqual({ ...hidden, contestProblem: 0 });
  }, 120_000);

  it('hides the verdict of a programming answer given in a frozen 408 contest', async () => {
    // Question 15 is a programming question (smallest missing positive), judged as a submission.
    const MISSING_PY =
      'input()\ns = set(map(int, input().split()))\ni = 1\nwhile i in s:\n    i += 1\nprint(i)\n';
    const id = (
      await c.admin.post<{ competition_id: number }>(
        `${C}/admin/algorithm/add`,
        contest({ name: '408 封榜', type: 3, problems: [{ problem_id: 15 }] }),
      )
    ).data.competition_id;
    const { client: solver } = await ts.register('frz_408_solver');
    const { client: watcher } = await ts.register('frz_408_watcher');
    for (const who of [solver, watcher])
      expect((await who.post(`${C}/join?competition_id=${id}`)).code).toBe(0);
    const answered = await solver.post<{ submission_id: number; problem_id: number }>(
      '/api/problem/math408/answer',
      {
        question_id: 15,
        language: 'Python3',
        source_code: MISSING_PY,
        competition_id: id,
        index: 0,
      },
    );
    const sid = answered.data.submission_id;
    expect((await verdict(solver, sid)).status).toBe('AC');
    // The question's algorithm problem is hidden, so its records are closed to others anyway;
    // published by an admin, the freeze is what still hides the verdict.
    expect((await watcher.get(`${P}/records/recordId?submission_id=${sid}`)).status).toBe(404);
    const problem = (
      await c.admin.get<Problem>(`${P}/search/problemId?problem_id=${answered.data.problem_id}`)
    ).data;
    const published = await c.admin.post(`${P}/admin/modify`, {
      problem_id: problem.problem_id,
      chinese_name: problem.chinese_name,
      english_name: problem.english_name,
      description: problem.description,
      difficulty: problem.difficulty,
      tags_list: problem.tags_list,
      source_name: problem.source_name,
      time_limit: problem.time_limit,
      memory_limit: problem.memory_limit,
      samples: problem.samples,
      checker: { kind: 'default' },
      visible: true,
    });
    expect(published.code).toBe(0);
    const seen = (await watcher.get<SubmissionRecord>(`${P}/records/recordId?submission_id=${sid}`)).data;
    expect([seen.status, seen.frozen, seen.test_results.length]).toEqual(['PD', true, 0]);
    expect((await c.admin.post(`${C}/admin/unfreeze?competition_id=${id}`)).code).toBe(0);
    const revealed = (await watcher.get<SubmissionRecord>(`${P}/records/recordId?submission_id=${sid}`)).data;
    expect([revealed.status, revealed.frozen]).toEqual(['AC', false]);
  }, 120_000);

  it('the ranking stream carries versions only, and the export stays with admins', async () => {
    const id = (await c.admin.post<{ competition_id: number }>(`${C}/admin/algorithm/add`, contest())).data
      .competition_id;
    const ac = new AbortController();
    const res = await fetch(`${ts.url}${C}/search/rank/stream?competition_id=${id}`, { signal: ac.signal });
    const reader = res.body!.getReader();
    const { value } = await reader.read();
    ac.abort();
    const [, data] = /data: (.+)\n/.exec(new TextDecoder().decode(value))!;
    expect(Object.keys(JSON.parse(data) as object).sort()).toEqual(['competition_id', 'version']);
    expect((await c.user.get(`${C}/get/rank/excel?competition_id=${id}`)).status).toBe(403);
    expect((await c.anon.get(`${C}/get/rank/excel?competition_id=${id}`)).status).toBe(401);
  });
});
