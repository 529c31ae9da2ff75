import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { BOSS, type Env, noOverflow, pageApi, registerViaApi, shot, signedInPage, startEnv } from './support';

// Issue 27 part 1 on the real server and the built sites (docs/classes.md): a teacher creates a
// class, a student joins it by code, the teacher sees the member, the student sees the teacher's
// announcement; at 390 px neither page is wider than the screen.
let env: Env;
let teacher: Page;
let student: Page;
const stamp = Date.now().toString(36);
const CLASS_NAME = `算法班 ${stamp}`;
const PASS = 'Class-pass-123';

beforeAll(async () => {
  env = await startEnv();
  const teacherAccount = `tc_${stamp}`.slice(0, 20);
  const studentAccount = `st_${stamp}`.slice(0, 20);
  const teacherId = await registerViaApi(env, teacherAccount, PASS);
  await registerViaApi(env, studentAccount, PASS);
  const boss = await signedInPage(env, BOSS.account, BOSS.password);
  const marked = await pageApi(boss, '/api/user/admin/teacher', { uuid: teacherId, teacher: true });
  expect(marked.code, marked.message).toBe(0);
  await boss.context().close();
  teacher = await signedInPage(env, teacherAccount, PASS);
  student = await signedInPage(env, studentAccount, PASS);
}, 120_000);

afterAll(async () => {
  await env?.close();
});

describe('classes', () => {
  it('a teacher creates a class, a student joins by code, both see each other’s part', async () => {
    const base = env.server.url;
    await teacher.goto(`${base}/class`);
    await teacher.getByTestId('class-create').click();
    await teacher.getByTestId('class-name').fill(CLASS_NAME);
    await teacher
      .getByRole('button', { name: '创 建' })
      .or(teacher.getByRole('button', { name: '创建' }))
      .last()
      .click();
    await teacher.getByTestId('class-title').filter({ hasText: CLASS_NAME }).waitFor();
    await teacher.getByRole('tab', { name: '管理' }).click();
    const code = (await teacher.getByTestId('class-invite-code').textContent())?.trim() ?? '';
    expect(code).toMatch(/^[A-Z0-9]{8}$/);
    const classUrl = teacher.url();

    await student.goto(`${base}/class`);
    await student.getByTestId('class-join-code').fill(code);
    await student.getByTestId('class-join').click();
    await student.getByTestId('class-title').filter({ hasText: CLASS_NAME }).waitFor();

    await teacher.goto(classUrl);
    await teacher.getByRole('tab', { name: /成员/ }).click();
    await teacher
      .getByTestId('class-member')
      .filter({ hasText: `st_${stamp}`.slice(0, 20) })
      .first()
      .waitFor();
    await teacher.getByRole('tab', { name: '公告' }).click();
    await teacher.getByTestId('class-announce-text').fill('周五下午上机考试');
    await teacher.getByTestId('class-announce').click();
    await teacher.getByTestId('class-announcement').filter({ hasText: '周五下午上机考试' }).waitFor();

    await student.goto(classUrl);
    await student.getByTestId('class-announcement').filter({ hasText: '周五下午上机考试' }).waitFor();
    // A student has no 管理 tab.
    expect(await student.getByRole('tab', { name: '管理' }).count()).toBe(0);

    // Phones: the list, the class page and the teacher's 管理 tab keep to 390 px.
    for (const page of [teacher, student]) await page.setViewportSize({ width: 390, height: 844 });
    await student.goto(`${base}/class`);
    await student.getByTestId('class-item').first().waitFor();
    expect(await noOverflow(student)).toBe(true);
    await student.goto(classUrl);
    await student.getByTestId('class-announcement').first().waitFor();
    expect(await noOverflow(student)).toBe(true);
    await teacher.goto(classUrl);
    await teacher.getByRole('tab', { name: '管理' }).click();
    await teacher.getByTestId('class-invite-code').waitFor();
    expect(await noOverflow(teacher)).toBe(true);
    await teacher.getByRole('tab', { name: /成员/ }).click();
    await teacher.getByTestId('class-member').first().waitFor();
    expect(await noOverflow(teacher)).toBe(true);
    await shot(teacher, 'classes-390-members');
  }, 120_000);

  it('an account made in bulk changes its initial password before any page', async () => {
    const base = env.server.url;
    const account = `c0_${stamp}`.slice(0, 20);
    await env.server.ctx.users.create({
      account,
      email: null,
      username: '新同学',
      password: 'Initial-123',
      mustChangePassword: true,
    });
    const fresh = await signedInPage(env, account, 'Initial-123');
    await fresh.setViewportSize({ width: 390, height: 844 });
    await fresh.goto(`${base}/class`);
    await fresh.waitForURL(/\/user\/password/);
    await fresh.getByTestId('old-password').waitFor();
    await fresh.waitForLoadState('networkidle');
    expect(await noOverflow(fresh)).toBe(true);
    await fresh.getByTestId('old-password').fill('Initial-123');
    await fresh.getByTestId('new-password').fill('Changed-456');
    await fresh.getByTestId('check-password').fill('Changed-456');
    await fresh.getByRole('button', { name: '修改密码' }).click();
    await fresh.waitForURL(/\/class(\?|$)/);
    await fresh.getByTestId('class-join-code').waitFor();
  }, 60_000);
});
