import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  createFromWizard,
  type Env,
  noOverflow,
  pageApi,
  registerViaApi,
  signedInPage,
  startEnv,
} from './support';
import { classJoinedBy, markTeacher } from './classroom';

// Issue 27 part 3 on the real server and the built sites (docs/classes.md "班级比赛"): a teacher
// creates a class contest from the class page's 比赛 tab (the wizard opens with the class chosen), a
// member sees it in the tab and registers, an outsider is refused; at 390 px the tab does not overflow.
let env: Env;
let teacher: Page;
let student: Page;
let outsider: Page;
let classId: number;
const stamp = Date.now().toString(36);
const PASS = 'Contest-pass-123';
const CLASS = `竞赛班 ${stamp}`;
const NAME = `班级周赛 ${stamp}`;

beforeAll(async () => {
  env = await startEnv({ seedDemo: true });
  const accounts = ['ct', 'cs', 'co'].map((p) => `${p}_${stamp}`.slice(0, 20));
  const teacherId = await registerViaApi(env, accounts[0], PASS);
  for (const a of accounts.slice(1)) await registerViaApi(env, a, PASS);
  await markTeacher(env, teacherId);
  [teacher, student, outsider] = await Promise.all(accounts.map((a) => signedInPage(env, a, PASS)));
  classId = await classJoinedBy(teacher, CLASS, [student]);
}, 120_000);

afterAll(async () => {
  await env?.close();
});

describe('class contests', () => {
  it('a teacher creates one from the class page, a member registers, an outsider is refused', async () => {
    const base = env.server.url;
    await teacher.goto(`${base}/class/${classId}`);
    await teacher.getByRole('tab', { name: '比赛' }).click();
    await teacher.getByTestId('class-contest-create').click();
    await teacher.waitForURL(/\/competition\/user\/add\/1\/info\?class_id=/);
    // The class is chosen already in 限定班级.
    await teacher.getByTestId('contest-classes').getByText(CLASS).waitFor();
    await teacher.getByTestId('contest-name').fill(NAME);
    await teacher.getByTestId('wizard-next').click();
    await teacher.waitForURL(/\/1\/select$/);
    const search = teacher.getByTestId('wizard-search').locator('input');
    await search.fill('A+B');
    await search.press('Enter');
    const bank = teacher.getByTestId('wizard-bank');
    await expect.poll(() => bank.locator('tbody tr.ant-table-row').count()).toBe(1);
    await bank.locator('tbody tr', { hasText: 'A+B 问题' }).locator('input[type=checkbox]').check();
    await teacher.getByTestId('wizard-next').click();
    await teacher.waitForURL(/\/1\/show$/);
    await createFromWizard(teacher);
    await teacher.getByTestId('open-created').click();
    await teacher.waitForURL(/\/competition\/\d+$/);
    const id = Number(/\/competition\/(\d+)$/.exec(teacher.url())![1]);
    expect(await teacher.getByTestId('contest-class-tag').textContent()).toContain(CLASS);

    // The member: the 比赛 tab lists it; registering from the contest page works.
    await student.setViewportSize({ width: 390, height: 844 });
    await student.goto(`${base}/class/${classId}`);
    await student.getByRole('tab', { name: '比赛' }).click();
    await student.getByTestId('class-contest-item').filter({ hasText: NAME }).waitFor();
    expect(await student.getByTestId('class-contest-create').count()).toBe(0);
    expect(await noOverflow(student)).toBe(true);
    await student.getByTestId(`class-contest-link-${id}`).click();
    await student.waitForURL(new RegExp(`/competition/${id}$`));
    await student.getByTestId(`join-${id}`).click();
    // Upcoming: registered shows as 取消报名.
    await student.getByTestId(`cancel-join-${id}`).waitFor();
    expect(await noOverflow(student)).toBe(true);

    // The outsider: listed with its tag, refused when registering.
    await outsider.goto(`${base}/competition`);
    await outsider.getByTestId(`contest-class-tag-${id}`).waitFor();
    await outsider.goto(`${base}/competition/${id}`);
    await outsider.getByTestId(`join-${id}`).click();
    await outsider.getByText(`本场比赛仅限班级“${CLASS}”的成员参加`).first().waitFor();
    expect(await outsider.getByTestId(`cancel-join-${id}`).count()).toBe(0);
    const list = await pageApi(outsider, `/api/competition/class/list?class_id=${classId}`);
    expect(list.code).not.toBe(0);
  }, 180_000);
});
