import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { BOSS, newPage, pageApi as api, registerViaApi, shot, signedInPage, startEnv, type Env } from './support';

// Math / 408 on the real server and built sites: an admin writes a single-choice question in the
// management site (markdown with live preview, options, the answer), puts it in a running math
// contest; a student answers it on the contest's problem page and the scoreboard counts it.
// Each case makes its own data: they pass in any order, and alone.
let env: Env;
let admin: Page;
let student: Page;
const stamp = Date.now().toString(36);
const studentAccount = { account: `m408_${stamp}`, password: 'Student-pass-1' };

beforeAll(async () => {
  env = await startEnv({ seedDemo: true });
  await registerViaApi(env, studentAccount.account, studentAccount.password);
  admin = await signedInPage(env, BOSS.account, BOSS.password);
  student = await signedInPage(env, studentAccount.account, studentAccount.password);
}, 120_000);
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') {
    await shot(admin, `failed-math408-admin-${ctx.task.name.replace(/\W+/g, '-').slice(0, 30)}`);
    await shot(student, `failed-math408-student-${ctx.task.name.replace(/\W+/g, '-').slice(0, 30)}`);
  }
});
afterAll(async () => {
  await env?.close();
});

/** The single-choice question of the first case, made through the API for the cases that need one. */
async function createQuestion(): Promise<number> {
  const res = await api<{ question_id: number }>(admin, '/api/problem/math408/admin/add', {
    type: 'single',
    title: `导数 ${stamp}`,
    content: '函数 $f(x)=x^2$ 在 $x=1$ 处的导数是？',
    difficulty: 0,
    tags_list: [],
    options: ['$0$', '$1$', '$2$', '$4$'].map((content, i) => ({ key: 'ABCD'[i], content })),
    answer: ['C'],
    explanation: '',
  });
  if (res.code !== 0) throw new Error(`add question: ${res.message}`);
  return res.data.question_id;
}

describe('math / 408 questions', () => {
  it('an admin creates a single-choice question with a live preview', async () => {
    const page = await newPage(env); // signs in through the management site's own form
    await page.goto(`${env.server.url}/admin/login?redirect=%2Fmath408`);
    await page.getByPlaceholder('账号或邮箱').fill(BOSS.account);
    await page.getByPlaceholder('密码', { exact: true }).fill(BOSS.password);
    await page.getByRole('button', { name: '登陆管理中心' }).click();
    await page.waitForURL(/\/admin\/math408$/);
    await page.getByTestId('admin-math408-list').locator('.ant-table-row').first().waitFor();
    await page.getByRole('menuitem', { name: '数学/408 题目' }).waitFor();
    await shot(page, 'admin-math408-list');

    await page.getByTestId('new-question').click();
    await page.waitForURL(/\/admin\/math408\/new$/);
    await page.getByTestId('question-title').fill(`导数 ${stamp}`);
    await page.locator('.ace_content').first().click();
    await page.keyboard.insertText('函数 $f(x)=x^2$ 在 $x=1$ 处的导数是？');
    await page.getByTestId('markdown-preview').locator('.katex').first().waitFor();
    const options = ['$0$', '$1$', '$2$', '$4$'];
    for (const [i, text] of options.entries())
      await page.getByTestId(`option-${'ABCD'[i]}`).locator('input').fill(text);
    await page.getByTestId('option-C').locator('.katex').waitFor();
    // Saving without an answer is refused in the form.
    await page.getByTestId('save-question').click();
    await page.getByText('请选择一个正确答案').waitFor();
    await page.getByRole('radio', { name: 'C' }).check();
    await page.getByText('请选择一个正确答案').waitFor({ state: 'detached' });
    await shot(page, 'admin-math408-edit', true);
    await page.getByTestId('save-question').click();
    await page.waitForURL(/\/admin\/math408\/\d+\/edit$/);
    const questionId = Number(/\/math408\/(\d+)\/edit/.exec(page.url())![1]);
    expect(questionId).toBeGreaterThan(15);

    const stored = await api<{ answer: string[]; options: { key: string }[] }>(
      page,
      `/api/problem/math408/admin/search/questionId?question_id=${questionId}`,
    );
    expect(stored.data.answer).toEqual(['C']);
    expect(stored.data.options.map((o) => o.key)).toEqual(['A', 'B', 'C', 'D']);

    // A seeded programming question: its hidden problem's limits and tests, kept unless replaced.
    await page.goto(`${env.server.url}/admin/math408/15/edit`);
    const firstTest = page.getByPlaceholder('输入 #1').last();
    await expect(firstTest.inputValue()).resolves.toBe('4\n-5 3 2 3\n');
    expect(await firstTest.isDisabled()).toBe(true);
    await page.getByRole('switch', { name: '保留测试数据' }).click();
    // The switch re-renders the editor: wait for it rather than reading the state at once.
    await expect.poll(() => firstTest.isDisabled()).toBe(false);
    await shot(page, 'admin-math408-programming', true);
  });

  it('a student answers it in a running math contest and the scoreboard counts it', async () => {
    const questionId = await createQuestion();
    const created = await api<{ competition_id: number }>(admin, '/api/competition/admin/algorithm/add', {
      name: `数学赛 ${stamp}`,
      description: '',
      type: 2,
      start_time: new Date(Date.now() - 60_000).toISOString(),
      end_time: new Date(Date.now() + 3_600_000).toISOString(),
      problems: [{ problem_id: 1 }, { problem_id: questionId }],
    });
    expect(created.code).toBe(0);
    const id = created.data.competition_id;
    expect((await api(student, `/api/competition/join?competition_id=${id}`)).code).toBe(0);

    await student.goto(`${env.server.url}/competition/${id}/problem/2`); // 1-based: B
    const q = student.getByTestId('math408-page');
    await q.getByText(`导数 ${stamp}`).waitFor();
    await q.locator('.oj-option').nth(1).click(); // B: 1
    await q.getByTestId('answer-submit').click();
    // Wrong, and the right answer is not given away while the contest runs.
    await expect(q.getByTestId('answer-outcome').textContent()).resolves.toBe('回答错误');
    await q.locator('.oj-option').nth(2).click(); // C: 2
    await q.getByTestId('answer-submit').click();
    await q.getByTestId('answer-outcome').getByText('回答正确').waitFor();
    await shot(student, 'contest-math408-answer', true);

    const rank = await api<{ records: { username: string; solved: number; penalty: number; cells: { label: string }[] }[] }>(
      student,
      `/api/competition/search/rank/pageNum?competition_id=${id}&pageNum=1`,
    );
    expect(rank.data.records).toHaveLength(1);
    expect(rank.data.records[0]).toMatchObject({ username: studentAccount.account, solved: 1 });
    expect(rank.data.records[0].penalty).toBeGreaterThanOrEqual(21); // 1 minute in + 20 for the wrong try
    expect(rank.data.records[0].cells.map((c) => c.label)).toEqual(['', '+1']);

    // 我的提交 on the contest home lists the student's answers in this contest only: not the
    // admin's answer in it. Practice in the bank is refused while the contest runs (issue 11).
    expect((await api(admin, '/api/problem/math408/answer', { question_id: 1, choices: ['C'], competition_id: id, index: 0 })).code).toBe(0);
    expect((await api(student, '/api/problem/math408/answer', { question_id: 1, choices: ['A'] })).code).toBe(40300);
    await student.goto(`${env.server.url}/competition/${id}`);
    // The author (the admin, never rated) in the rating colours' unrated style.
    const detail = await api<{ owner_name: string }>(student, `/api/competition/search/competitionId?competition_id=${id}`);
    const owner = student.getByTestId('contest-owner').locator('.oj-rating-name[data-rating="未评级"]');
    await expect.poll(() => owner.innerText()).toBe(detail.data.owner_name);
    await student.getByRole('tab', { name: '我的提交' }).click();
    const rows = student.getByTestId('contest-answers').locator('.ant-table-row');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.nth(0).innerText()).toMatch(new RegExp(`B · 导数 ${stamp}\\s+选 C\\s+正确`));
    expect(await rows.nth(1).innerText()).toMatch(new RegExp(`B · 导数 ${stamp}\\s+选 B\\s+错误`));
    await shot(student, 'contest-math408-my-answers');
    await rows.nth(0).getByRole('link', { name: `B · 导数 ${stamp}` }).click();
    await student.waitForURL(new RegExp(`/competition/${id}/problem/2$`));
  });
});
