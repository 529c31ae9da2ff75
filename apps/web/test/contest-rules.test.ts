import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  BOSS,
  createFromWizard,
  type Env,
  pageApi as api,
  registerViaApi,
  shot,
  signedInPage,
  startEnv,
} from './support';

// Issue 26 part 1 on the real server and the built sites: an OI contest made on the management
// site and an IOI contest made through the user wizard, each with the 赛制 chosen in the form; a
// contestant submits partial solutions to a problem with two subtasks (40 + 60 points). While the
// OI contest runs the contestant sees only 已提交 and no board; the IOI board shows the points live.
let env: Env;
let solver: Page;
let author: Page;
let admin: Page;
const stamp = Date.now().toString(36);
const solverAccount = { account: `rsolver_${stamp}`, password: 'Solver-pass-1' };
const authorAccount = { account: `rauthor_${stamp}`, password: 'Author-pass-1' };
const PROBLEM = `子任务加法 ${stamp}`;
// Tests 1–2: subtask 1 (40 points); tests 3–4: subtask 2 (60 points).
const PY = (when: string) => `a, b = map(int, input().split())\nprint(a + b if ${when} else 0)\n`;

beforeAll(async () => {
  env = await startEnv({ seedDemo: true });
  await registerViaApi(env, solverAccount.account, solverAccount.password);
  await registerViaApi(env, authorAccount.account, authorAccount.password);
  solver = await signedInPage(env, solverAccount.account, solverAccount.password);
  author = await signedInPage(env, authorAccount.account, authorAccount.password);
  admin = await signedInPage(env, BOSS.account, BOSS.password);
}, 120_000);
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail')
    for (const [name, p] of [
      ['solver', solver],
      ['author', author],
      ['admin', admin],
    ] as const) {
      console.error(`[browser] ${name} failed at ${p.url()}`);
      await shot(p, `failed-contest-rules-${name}`);
    }
});
afterAll(async () => {
  await env?.close();
});

async function addSubtaskProblem(): Promise<number> {
  const added = await api<{ problem_id: number }>(admin, '/api/problem/algorithm/admin/add', {
    chinese_name: PROBLEM,
    english_name: 'Subtask Sum',
    description: '输入 $a$ 和 $b$，输出 $a+b$。',
    difficulty: 0,
    tags_list: [101],
    source_name: 'original',
    time_limit: 1000,
    memory_limit: 256,
    samples: [{ input: '1 1\n', output: '2\n' }],
    judging: {
      scoring: {
        subtasks: [
          { points: 40, tests: [1, 2] },
          { points: 60, tests: [3, 4] },
        ],
      },
    },
  });
  expect(added.code, added.message).toBe(0);
  const id = added.data.problem_id;
  const tests = Array.from({ length: 4 }, (_, i) => ({ input: `${i + 1} 1\n`, output: `${i + 2}\n` }));
  const up = await api(admin, `/api/problem/algorithm/admin/testCase/add?problem_id=${id}`, tests);
  expect(up.code, up.message).toBe(0);
  return id;
}

/** Submits and waits (as the admin, who sees through the OI curtain) for the verdict. */
let lastSubmission = 0;
async function submitJudged(contestId: number, problemId: number, source: string) {
  const sent = await api<{ submission_id: number }>(solver, '/api/problem/algorithm/judge/submit', {
    problem_id: problemId,
    competition_id: contestId,
    index: 0,
    language: 'Python3',
    source_code: source,
  });
  expect(sent.code, sent.message).toBe(0);
  lastSubmission = sent.data.submission_id;
  await expect
    .poll(
      async () =>
        (
          await api<{ status: string }>(
            admin,
            `/api/problem/algorithm/records/recordId?submission_id=${sent.data.submission_id}`,
            undefined,
            'GET',
          )
        ).data?.status,
      { timeout: 90_000, interval: 500 },
    )
    .not.toBe('PD');
}

/** Moves a contest so that it runs now (its form made it start tomorrow), keeping the rest. */
async function startNow(who: Page, id: number) {
  const stored = await api<Record<string, unknown> & { problems: { problem_id: number }[] }>(
    who,
    `/api/competition/get?competition_id=${id}`,
    undefined,
    'GET',
  );
  const s = stored.data;
  const moved = await api(who, `/api/competition/admin/modify?competition_id=${id}`, {
    name: s.name,
    description: s.description,
    type: 1,
    start_time: new Date(Date.now() - 60_000).toISOString(),
    end_time: new Date(Date.now() + 3600_000).toISOString(),
    freeze_minutes: 0,
    problems: s.problems.map((p) => ({ problem_id: p.problem_id })),
  });
  expect(moved.code, moved.message).toBe(0);
  expect((await api(solver, `/api/competition/join?competition_id=${id}`)).code).toBe(0);
}

const openTab = async (p: Page, id: number, tab: string) => {
  await p.goto(`${env.server.url}/competition/${id}`);
  await p.getByRole('tab', { name: tab }).click();
};

/** A phone-width look at the same page: no horizontal overflow. */
async function phoneShot(p: Page, name: string) {
  await p.setViewportSize({ width: 390, height: 844 });
  await shot(p, `${name}-390`, true);
  const overflow = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, name).toBeLessThanOrEqual(0);
  await p.setViewportSize({ width: 1440, height: 900 });
}

describe('contest rules', () => {
  it('OI from the management site: only 已提交 while it runs; IOI from the wizard: live points', async () => {
    const problemId = await addSubtaskProblem();
    await admin.setViewportSize({ width: 1440, height: 900 });
    await solver.setViewportSize({ width: 1440, height: 900 });

    // The management site: 新建比赛 with 赛制 OI.
    await admin.goto(`${env.server.url}/admin/competitions`);
    await admin.getByTestId('admin-new-contest').click();
    const editor = admin.locator('.ant-modal', { hasText: '新建比赛' });
    await editor.getByTestId('contest-name').fill(`OI 赛 ${stamp}`);
    await editor.locator('label:has([data-testid="contest-rule-oi"])').click();
    await expect.poll(() => editor.getByTestId('contest-rule-brief').innerText()).toContain('只显示“已提交”');
    await editor.getByTestId('admin-problem-picker').click();
    await admin.keyboard.type(PROBLEM);
    await admin.locator('.ant-select-item-option', { hasText: PROBLEM }).click();
    await editor.locator('tr', { hasText: PROBLEM }).waitFor();
    await shot(admin, 'contest-rules-admin-editor');
    await editor.getByRole('button', { name: '保存' }).click();
    await admin.locator('.ant-message-notice', { hasText: '比赛已创建' }).waitFor();
    const row = admin.getByTestId('admin-competitions').locator('tr', { hasText: `OI 赛 ${stamp}` });
    await row.getByTestId('contest-rule-tag').filter({ hasText: 'OI 赛制' }).waitFor();
    const oi = Number(await row.locator('td').first().innerText());
    await startNow(admin, oi);

    // 40 points, then 100: the last one counts — but nothing shows to the contestant.
    await submitJudged(oi, problemId, PY('a <= 2'));
    await submitJudged(oi, problemId, PY('True'));
    await openTab(solver, oi, '我的提交');
    const records = solver.getByTestId('contest-records');
    await expect.poll(() => records.getByTestId('record-submitted').count()).toBe(2);
    expect(await records.innerText()).not.toMatch(/AC|WA|通过|分/);
    await solver.getByTestId('contest-rule-tag').filter({ hasText: 'OI 赛制' }).waitFor();
    await shot(solver, 'contest-rules-oi-records-1440');
    // Its record page says 已提交 to its author, not a freeze.
    await solver.goto(`${env.server.url}/competition/${oi}/records/${lastSubmission}`);
    await expect
      .poll(() => solver.getByTestId('record-verdict').innerText())
      .toBe('已提交 · 结果将在比赛结束后公布');
    await openTab(solver, oi, '我的提交');
    await phoneShot(solver, 'contest-rules-oi-records');
    await solver.getByRole('tab', { name: '排名' }).click();
    await solver.getByTestId('board-hidden').waitFor();
    expect(await solver.getByTestId('scoreboard').locator('.oj-sb-cell').count()).toBe(0);
    await shot(solver, 'contest-rules-oi-board-hidden-1440');
    await phoneShot(solver, 'contest-rules-oi-board-hidden');

    // The admin sees the board with the points (the last try: 100).
    await openTab(admin, oi, '排名');
    const adminRow = admin.getByTestId('scoreboard').locator('tr', { hasText: solverAccount.account });
    await expect.poll(() => adminRow.getByTestId('total-score').innerText(), { timeout: 30_000 }).toBe('100');
    expect(await adminRow.locator('.oj-sb-cell').getAttribute('data-state')).toBe('full');
    await shot(admin, 'contest-rules-oi-board-admin-1440');

    // The user wizard: 赛制 IOI.
    await author.goto(`${env.server.url}/competition/user/add/1/info`);
    await author.getByTestId('contest-name').fill(`IOI 赛 ${stamp}`);
    await author.locator('label:has([data-testid="contest-rule-ioi"])').click();
    await expect.poll(() => author.getByTestId('contest-rule-brief').innerText()).toContain('得分最高');
    await shot(author, 'contest-rules-wizard-info-1440');
    await phoneShot(author, 'contest-rules-wizard-info');
    await author.getByTestId('wizard-next').click();
    await author.waitForURL(/\/1\/select$/);
    const search = author.getByTestId('wizard-search').locator('input');
    await search.fill(PROBLEM);
    await search.press('Enter');
    const bank = author.getByTestId('wizard-bank');
    await bank.locator('tbody tr', { hasText: PROBLEM }).locator('input[type=checkbox]').check();
    await author.getByTestId('wizard-next').click();
    await author.waitForURL(/\/1\/show$/);
    await createFromWizard(author);
    await author.getByTestId('open-created').click();
    await author.waitForURL(/\/competition\/\d+$/);
    const ioi = Number(/\/competition\/(\d+)$/.exec(author.url())![1]);
    await author.getByTestId('contest-rule-tag').filter({ hasText: 'IOI 赛制' }).waitFor();
    await startNow(author, ioi);

    // 60, then 40: the best (60) counts, shown live to the contestant, partial (not full).
    await submitJudged(ioi, problemId, PY('a >= 3'));
    await submitJudged(ioi, problemId, PY('a <= 2'));
    await openTab(solver, ioi, '排名');
    const mine = solver.getByTestId('scoreboard').locator('tr', { hasText: solverAccount.account });
    await expect.poll(() => mine.getByTestId('total-score').innerText(), { timeout: 30_000 }).toBe('60');
    expect(await mine.locator('.oj-sb-cell').getAttribute('data-state')).toBe('partial');
    expect(await solver.getByTestId('scoreboard').locator('th', { hasText: '罚时' }).count()).toBe(0);
    await shot(solver, 'contest-rules-ioi-board-1440');
    await phoneShot(solver, 'contest-rules-ioi-board');

    // The OI contest ends: its board shows the points to the contestant, the records their verdicts.
    const stored = await api<{
      name: string;
      description: string;
      problems: { problem_id: number }[];
      start_time: string;
    }>(admin, `/api/competition/get?competition_id=${oi}`, undefined, 'GET');
    const ended = await api(admin, `/api/competition/admin/modify?competition_id=${oi}`, {
      name: stored.data.name,
      description: stored.data.description,
      type: 1,
      start_time: stored.data.start_time,
      end_time: new Date().toISOString(),
      freeze_minutes: 0,
      problems: stored.data.problems.map((p) => ({ problem_id: p.problem_id })),
    });
    expect(ended.code, ended.message).toBe(0);
    await openTab(solver, oi, '排名');
    const after = solver.getByTestId('scoreboard').locator('tr', { hasText: solverAccount.account });
    await expect.poll(() => after.getByTestId('total-score').innerText()).toBe('100');
    await shot(solver, 'contest-rules-oi-board-ended-1440');
    await solver.getByRole('tab', { name: '我的提交' }).click();
    // The tab loads its list after it opens: wait for the verdict, then no 已提交 is left.
    await expect.poll(() => records.innerText()).toContain('AC');
    expect(await records.getByTestId('record-submitted').count()).toBe(0);
  }, 400_000);
});
