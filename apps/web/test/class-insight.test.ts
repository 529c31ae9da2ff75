import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { type Env, noOverflow, pageApi, registerViaApi, shot, signedInPage, startEnv } from './support';
import { classJoinedBy, markTeacher } from './classroom';

// Issue 27 part 5 on the real server and the built sites (docs/classes.md "Where students are
// stuck"): the teacher opens 学情分析 of a homework and a student's page from the 成员 tab, the
// student opens 我的学情; at 390 px neither page is wider than the screen.
let env: Env;
let teacher: Page;
let student: Page;
let classId: number;
let homeworkId: number;
let studentId: number;
const stamp = Date.now().toString(36);
const PASS = 'Insight-pass-123';
const studentAccount = `is_${stamp}`.slice(0, 20);
const PY_WRONG = 'print(0)\n';

beforeAll(async () => {
  env = await startEnv({ seedDemo: true });
  const teacherAccount = `it_${stamp}`.slice(0, 20);
  const teacherId = await registerViaApi(env, teacherAccount, PASS);
  studentId = await registerViaApi(env, studentAccount, PASS);
  await markTeacher(env, teacherId);
  teacher = await signedInPage(env, teacherAccount, PASS);
  student = await signedInPage(env, studentAccount, PASS);
  classId = await classJoinedBy(teacher, `学情班 ${stamp}`, [student]);
  const hw = await pageApi<{ homework_id: number }>(teacher, '/api/class/homework/create', {
    title: `学情作业 ${stamp}`,
    start_time: new Date(Date.now() - 3_600_000).toISOString(),
    deadline: new Date(Date.now() + 86_400_000).toISOString(),
    class_ids: [classId],
    problem_ids: [1000],
  });
  expect(hw.code, hw.message).toBe(0);
  homeworkId = hw.data.homework_id;
  const sent = await pageApi<{ submission_id: number }>(student, '/api/problem/algorithm/judge/submit', {
    problem_id: 1000,
    language: 'Python3',
    source_code: PY_WRONG,
  });
  expect(sent.code, sent.message).toBe(0);
}, 120_000);

afterAll(async () => {
  await env?.close();
});

describe('class insight', () => {
  it('the teacher opens 学情分析 and a student page; the student opens their own', async () => {
    const base = env.server.url;
    await teacher.goto(`${base}/class/homework/${homeworkId}`);
    await teacher.getByRole('tab', { name: '学情分析' }).click();
    const insight = teacher.getByTestId('homework-insight');
    await insight.getByTestId('insight-problem').first().waitFor();
    // The try is judged in the background: wait for its verdict to show in the bar.
    await expect
      .poll(
        async () => {
          await teacher.getByRole('tab', { name: '完成情况' }).click();
          await teacher.getByRole('tab', { name: '学情分析' }).click();
          return (await insight.getByTestId('insight-verdict-bar').count()) > 0;
        },
        { timeout: 60_000, interval: 1000 },
      )
      .toBe(true);
    expect(await insight.getByTestId('insight-top-failed').first().innerText()).toMatch(/第 \d+ 个测试点/);
    await teacher.setViewportSize({ width: 390, height: 844 });
    expect(await noOverflow(teacher)).toBe(true);
    await shot(teacher, 'homework-insight-phone');
    await teacher.setViewportSize({ width: 1366, height: 820 });

    await teacher.goto(`${base}/class/${classId}`);
    await teacher.getByRole('tab', { name: /成员/ }).click();
    await teacher.getByTestId('class-member-insight').filter({ hasText: studentAccount }).click();
    await teacher.waitForURL(new RegExp(`/class/${classId}/student/${studentId}$`));
    await teacher.getByTestId('student-insight-homework').waitFor();
    expect(await teacher.getByTestId('student-insight-name').innerText()).toContain(studentAccount);
    await teacher.getByTestId('student-heatmap').locator('rect.oj-heatmap-day').first().waitFor();
    await teacher.setViewportSize({ width: 390, height: 844 });
    expect(await noOverflow(teacher)).toBe(true);
    await shot(teacher, 'student-insight-phone');

    await student.setViewportSize({ width: 390, height: 844 });
    await student.goto(`${base}/class/${classId}`);
    await student.getByTestId('class-my-insight').click();
    await student.getByTestId('student-insight-bank').waitFor();
    expect(await noOverflow(student)).toBe(true);
    // A student reaches no classmate's page and no homework insight.
    const other = await pageApi(student, `/api/class/homework/insight?homework_id=${homeworkId}`);
    expect(other.code).not.toBe(0);
  }, 180_000);
});
