import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { BOSS, pageApi, registerViaApi, signedInPage, startEnv, type Env } from './support';

// Issue 27 part 2 on the real server and the built sites (docs/classes.md "Homework"): a teacher
// assigns a homework from the class page, the student sees it in 我的作业 and on the class page with
// progress, the teacher sees the completion matrix; at 390 px no page is wider than the screen.
let env: Env;
let teacher: Page;
let student: Page;
let classId: number;
const stamp = Date.now().toString(36);
const PASS = 'Homework-pass-123';
const TITLE = `第一周作业 ${stamp}`;

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
    expect(await item.getByTestId('homework-progress').textContent()).toContain('完成 0/1');
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

    await teacher.getByRole('link', { name: TITLE }).click();
    const matrix = teacher.getByTestId('homework-matrix');
    await matrix.getByText(`hs_${stamp}`.slice(0, 20)).waitFor();
    expect(await matrix.locator('a[href*="/records?problem_id=1000"]').count()).toBe(1);
    await teacher.getByTestId('homework-export').waitFor();
    expect(await noOverflow(teacher)).toBe(true);
  }, 120_000);
});
