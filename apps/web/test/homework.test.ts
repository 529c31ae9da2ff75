import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { BOSS, pageApi, registerViaApi, signedInPage, startEnv, type Env } from './support';

// Issue 27 part 2 on the real server and the built sites (docs/classes.md "Homework"): a teacher
// assigns a homework from the class page, the student sees it in 我的作业 and on the class page with
// progress, the teacher sees the completion matrix; at 390 px no page is wider than the screen.
// The teacher picks problems by name (the picker), a math / 408 question among them, and the
// student answers it from the homework page.
let env: Env;
let teacher: Page;
let student: Page;
let classId: number;
const stamp = Date.now().toString(36);
const PASS = 'Homework-pass-123';
const TITLE = `第一周作业 ${stamp}`;
const QUESTION = `作业选择 ${stamp}`;
const PROBLEM = `作业算法 ${stamp}`;
let questionId: number;
let problemId: number;

const noOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

beforeAll(async () => {
  env = await startEnv({ seedDemo: true });
  const teacherAccount = `ht_${stamp}`.slice(0, 20);
  const studentAccount = `hs_${stamp}`.slice(0, 20);
  const teacherId = await registerViaApi(env, teacherAccount, PASS);
  await registerViaApi(env, studentAccount, PASS);
  const boss = await signedInPage(env, BOSS.account, BOSS.password);
  const marked = await pageApi(boss, '/api/user/admin/teacher', { uuid: teacherId, teacher: true });
  expect(marked.code, marked.message).toBe(0);
  const question = await pageApi<{ question_id: number }>(boss, '/api/problem/math408/admin/add', {
    type: 'single',
    title: QUESTION,
    content: '选出正确的一项。',
    difficulty: 1,
    tags_list: [1],
    options: [
      { key: 'A', content: '甲' },
      { key: 'B', content: '乙' },
    ],
    answer: ['B'],
    explanation: '乙是对的',
  });
  expect(question.code, question.message).toBe(0);
  questionId = question.data.question_id;
  const problem = await pageApi<{ problem_id: number }>(boss, '/api/problem/algorithm/admin/add', {
    chinese_name: PROBLEM,
    english_name: `Homework ${stamp}`,
    description: '输出 1。',
    difficulty: 0,
    tags_list: [],
    source_name: 'original',
    time_limit: 1000,
    memory_limit: 256,
    samples: [],
  });
  expect(problem.code, problem.message).toBe(0);
  problemId = problem.data.problem_id;
  await boss.context().close();
  teacher = await signedInPage(env, teacherAccount, PASS);
  student = await signedInPage(env, studentAccount, PASS);
  const made = await pageApi<{ class_id: number }>(teacher, '/api/class/create', { name: `作业班 ${stamp}` });
  expect(made.code, made.message).toBe(0);
  classId = made.data.class_id;
  const detail = await pageApi<{ invite_code: string }>(teacher, `/api/class/detail?class_id=${classId}`);
  const joined = await pageApi(student, '/api/class/join', { code: detail.data.invite_code });
  expect(joined.code, joined.message).toBe(0);
}, 120_000);

afterAll(async () => {
  await env?.close();
});

describe('homework', () => {
  it('a teacher assigns it on the class page, the student sees it, the teacher sees the matrix', async () => {
    const base = env.server.url;
    await teacher.goto(`${base}/class/${classId}`);
    await teacher.getByRole('tab', { name: '作业' }).click();
    await teacher.getByTestId('homework-create').click();
    await teacher.getByTestId('homework-title').fill(TITLE);
    // Found by name: a bank problem and a math / 408 question, in the order picked.
    const picker = teacher.getByTestId('homework-picker').locator('input');
    for (const name of [QUESTION, PROBLEM]) {
      await picker.fill(name);
      await teacher.locator('.ant-select-item-option').filter({ hasText: name }).click();
    }
    await expect
      .poll(() => teacher.getByTestId('homework-picker').innerText())
      .toMatch(new RegExp(`#${questionId} ${QUESTION}[\\s\\S]*#${problemId} ${PROBLEM}`));
    const problems = teacher.getByTestId('homework-problems').locator('input');
    await problems.fill('1000');
    await problems.press('Enter');
    await teacher
      .getByRole('button', { name: '发 布' })
      .or(teacher.getByRole('button', { name: '发布' }))
      .last()
      .click();
    await teacher.getByTestId('homework-item').filter({ hasText: TITLE }).waitFor();

    for (const page of [teacher, student]) await page.setViewportSize({ width: 390, height: 844 });
    await student.goto(`${base}/class`);
    await student.getByTestId('my-homework-link').click();
    const item = student.getByTestId('homework-item').filter({ hasText: TITLE });
    await item.waitFor();
    expect(await item.getByTestId('homework-progress').textContent()).toContain('完成 0/3');
    expect(await noOverflow(student)).toBe(true);
    await student.goto(`${base}/class/${classId}`);
    await student.getByRole('tab', { name: '作业' }).click();
    await student
      .getByTestId('homework-item')
      .filter({ hasText: TITLE })
      .getByTestId('homework-progress')
      .waitFor();
    await student.getByRole('link', { name: TITLE }).click();
    await student.getByTestId('homework-my-progress').waitFor();
    expect(await noOverflow(student)).toBe(true);
    // The question opens from the homework page; answered right, it counts.
    await student.getByTestId('homework-question-link').click();
    await student.waitForURL(new RegExp(`/problems/math408/${questionId}`));
    await student.locator('.oj-option').filter({ hasText: '乙' }).click();
    await student.getByTestId('answer-submit').click();
    await student.getByTestId('answer-outcome').getByText('回答正确').waitFor();
    await student.goBack();
    await expect
      .poll(() => student.getByTestId('homework-my-progress').textContent())
      .toContain('完成 1/3 · 得分 100');
    expect(await student.getByText('已答对').count()).toBe(1);
    expect(await noOverflow(student)).toBe(true);

    await teacher.getByRole('link', { name: TITLE }).click();
    const matrix = teacher.getByTestId('homework-matrix');
    await matrix.getByText(`hs_${stamp}`.slice(0, 20)).waitFor();
    expect(await matrix.locator('a[href*="/records?problem_id=1000"]').count()).toBe(1);
    await expect.poll(() => matrix.innerText()).toContain(`数学/408 ${questionId}`);
    await expect.poll(() => matrix.innerText()).toContain('✓ 100 (1)');
    await teacher.getByTestId('homework-export').waitFor();
    expect(await noOverflow(teacher)).toBe(true);
  }, 120_000);
});
