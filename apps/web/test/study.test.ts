import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  apiLogin,
  BOSS,
  newPage,
  pageApi as api,
  registerViaApi,
  shot,
  signedInPage,
  startEnv,
  type Env,
} from './support';

// Study plans and courses on the real server and built sites: an admin makes a plan in the
// management site, a student joins it on /study and the progress moves after solving a problem
// (judged in the real sandbox); a course page shows the outline and the preview lesson to a
// visitor and every lesson to a member.
let env: Env;
let student: Page;
const stamp = Date.now().toString(36);
const studentAccount = { account: `study_${stamp}`, password: 'Student-pass-1' };
const AB_PY = 'a, b = map(int, input().split())\nprint(a + b)\n';

beforeAll(async () => {
  env = await startEnv({ seedDemo: true });
  await registerViaApi(env, studentAccount.account, studentAccount.password);
  student = await signedInPage(env, studentAccount.account, studentAccount.password);
}, 120_000);
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail')
    await shot(student, `failed-study-${ctx.task.name.replace(/\W+/g, '-').slice(0, 30)}`);
});
afterAll(async () => {
  await env?.close();
});

/** A screenshot once the first-load overlay is gone. */
async function snap(page: Page, name: string, fullPage = false) {
  await page.locator('.oj-loading-overlay').waitFor({ state: 'detached' });
  await shot(page, name, fullPage);
}

/** The page's own content fits the width (the shared top navigation is measured by the layout's tests). */
async function noHorizontalOverflow(page: Page, testId: string) {
  const box = await page.getByTestId(testId).evaluate((el) => ({
    right: el.getBoundingClientRect().right,
    scroll: el.scrollWidth,
    client: el.clientWidth,
    width: window.innerWidth,
  }));
  expect(box.right).toBeLessThanOrEqual(box.width);
  expect(box.scroll).toBeLessThanOrEqual(box.client);
}

describe('study plans and courses', () => {
  it('an admin-made plan is joined by a student; progress moves after solving a problem', async () => {
    const admin = await newPage(env);
    await admin.goto(`${env.server.url}/admin/login?redirect=%2Fcourses`);
    await admin.getByPlaceholder('账号或邮箱').fill(BOSS.account);
    await admin.getByPlaceholder('密码', { exact: true }).fill(BOSS.password);
    await admin.getByRole('button', { name: '登陆管理中心' }).click();
    await admin.waitForURL(/\/admin\/courses$/);
    await admin.getByTestId('new-course').click();
    await admin.waitForURL(/\/admin\/courses\/new$/);
    await admin.getByRole('radio', { name: '学习计划（免费）' }).check();
    await admin.getByTestId('course-title').fill(`入门 ${stamp}`);
    await admin.getByRole('button', { name: '添加章节' }).click();
    await admin.getByLabel('章节标题').fill('第一步');
    await admin.getByRole('button', { name: '添加课时' }).click();
    await admin.getByLabel('课时标题').fill('欢迎');
    await admin.getByLabel('内容（Markdown）').last().fill('**欢迎**来到入门计划');
    await admin.getByRole('button', { name: '添加题目' }).click();
    await admin.getByPlaceholder('题目编号').fill('1000');
    await snap(admin, 'admin-course-edit', true);
    await admin.getByTestId('save-course').click();
    await admin.waitForURL(/\/admin\/courses\/\d+\/edit$/);
    const planId = Number(/\/courses\/(\d+)\/edit/.exec(admin.url())![1]);
    await admin.getByTestId(`upload-video-${await firstLessonId(admin, planId)}`).waitFor();
    await admin.close();

    await student.goto(`${env.server.url}/study`);
    await student.getByTestId(`plan-card-${planId}`).click();
    await student.waitForURL(new RegExp(`/study/${planId}$`));
    await student.getByTestId('join-button').click();
    await student.getByTestId('plan-progress').waitFor();
    await expect.poll(() => student.getByTestId('plan-progress').innerText()).toContain('0/1');
    await student.getByTestId('next-step').getByRole('link').waitFor();
    await student.getByText('欢迎', { exact: true }).click();
    await student
      .getByTestId(/^lesson-body-/)
      .locator('strong', { hasText: '欢迎' })
      .waitFor();

    const submitted = await api<{ submission_id: number }>(student, '/api/problem/algorithm/judge/submit', {
      problem_id: 1000,
      language: 'Python3',
      source_code: AB_PY,
    });
    expect(submitted.code, submitted.message).toBe(0);
    await expect
      .poll(
        async () =>
          (
            await api<{ status: string }>(
              student,
              `/api/problem/algorithm/records/recordId?submission_id=${submitted.data.submission_id}`,
              undefined,
              'GET',
            )
          ).data.status,
        { timeout: 120_000, interval: 500 },
      )
      .toBe('AC');
    await student.reload();
    await expect.poll(() => student.getByTestId('plan-progress').innerText()).toContain('1/1');
    await student.getByText('全部完成，继续保持！').waitFor();
    await student.getByTestId('study-problem-algorithm-1000').getByText('已通过').waitFor();
    await snap(student, 'study-plan-done', true);

    await student.goto(`${env.server.url}/study`);
    await student.getByTestId(`plan-card-${planId}`).getByText('已加入').waitFor();
    await snap(student, 'study-home', true);
    await student.setViewportSize({ width: 390, height: 844 });
    await noHorizontalOverflow(student, 'study-home');
    await snap(student, 'study-home-390', true);
    await student.goto(`${env.server.url}/study/${planId}`);
    await student.getByTestId('plan-progress').waitFor();
    await noHorizontalOverflow(student, 'study-plan');
    await snap(student, 'study-plan-390', true);
    await student.setViewportSize({ width: 1440, height: 900 });
  }, 200_000);

  it('a course page shows the outline and the preview to a visitor, every lesson to a member', async () => {
    const admin = await signedInPage(env, BOSS.account, BOSS.password);
    const saved = await api<{ course_id: number }>(admin, '/api/course/admin/add', {
      title: `进阶课 ${stamp}`,
      description: '一门**付费**课程',
      price_fen: 1990,
      sections: [
        {
          title: '导论',
          lessons: [
            { title: '试看一课', content: '公开内容' },
            { title: '正式一课', content: '成员专属内容' },
          ],
          problems: [{ problem_id: 1001 }],
        },
      ],
    });
    expect(saved.code, saved.message).toBe(0);
    const id = saved.data.course_id;

    const visitor = await newPage(env);
    await visitor.setViewportSize({ width: 1440, height: 900 });
    await visitor.goto(`${env.server.url}/course/${id}`);
    await visitor.getByTestId('plan-title').getByText(`进阶课 ${stamp}`).waitFor();
    await visitor.getByTestId('preview-hint').waitFor();
    await visitor.getByText('试看一课').click();
    await visitor.getByText('公开内容').waitFor();
    await visitor.getByText('正式一课').waitFor();
    expect(await visitor.getByText('成员专属内容').count()).toBe(0);
    await visitor.getByRole('tab', { name: '排行' }).waitFor();
    await snap(visitor, 'course-visitor', true);
    await visitor.setViewportSize({ width: 390, height: 844 });
    await noHorizontalOverflow(visitor, 'study-plan');
    await snap(visitor, 'course-visitor-390', true);

    // A signed-in non-member: course/join never enrols in a paid course; 购买 opens the pay dialog,
    // the sandbox checkout sends the signed notify, and the verified payment enrols.
    const join = await api<{ need_pay: boolean }>(student, '/api/course/join', { course_id: id });
    expect(join.data.need_pay).toBe(true);
    const joined = async () =>
      (await api<{ joined: boolean }>(student, `/api/course/search/courseId?CourseId=${id}`)).data.joined;
    expect(await joined()).toBe(false);
    await student.goto(`${env.server.url}/study/${id}`);
    await student.getByTestId('join-button').getByText('购买 ¥19.90').click();
    const dialog = student.getByTestId('pay-dialog');
    await expect.poll(() => dialog.getByTestId('pay-amount').textContent()).toBe('¥19.90');
    await snap(student, 'course-pay-dialog');
    const [checkout] = await Promise.all([
      student.context().waitForEvent('page'),
      dialog.getByTestId('pay-checkout-link').click(),
    ]);
    await checkout.getByRole('button', { name: '确认支付' }).click();
    await checkout.getByText('支付成功').waitFor();
    await checkout.close();
    await expect.poll(joined, { timeout: 10_000 }).toBe(true);
    await student.reload();
    await student.getByText('正式一课').click();
    await student.getByText('成员专属内容').waitFor();

    // A video on the member lesson, uploaded as the management site does (multipart).
    const lessons = await api<{ sections: { lessons: { id: number }[] }[] }>(
      admin,
      `/api/course/admin/get?courseId=${id}`,
    );
    const memberLesson = lessons.data.sections[0].lessons[1].id;
    const form = new FormData();
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypisom'), Buffer.alloc(500)]);
    form.append('file', new Blob([new Uint8Array(mp4)], { type: 'video/mp4' }), 'lesson.mp4');
    const session = await apiLogin(env, BOSS.account, BOSS.password);
    const up = await fetch(`${env.server.url}/api/course/admin/lesson/video?lesson_id=${memberLesson}`, {
      method: 'POST',
      headers: { cookie: `oj_session=${session}` },
      body: form,
    });
    expect(((await up.json()) as { code: number }).code).toBe(0);

    const me = await api<{ uuid: number }>(student, '/api/user/current', undefined, 'GET');
    const set = await api(admin, '/api/course/admin/user/set', {
      course_id: id,
      uuids: [me.data.uuid],
      enrolled: true,
    });
    expect(set.code, set.message).toBe(0);
    await student.reload();
    await student.getByText('正式一课').click();
    await student.getByText('成员专属内容').waitFor();
    const src = await student.getByTestId(`lesson-video-${memberLesson}`).getAttribute('src');
    expect(src).toMatch(/^\/api\/video\/play\/[a-f0-9]{32}\.mp4\?exp=\d+&sig=/);
    await snap(student, 'course-member-lesson', true);
    await student.getByRole('tab', { name: '排行' }).click();
    await student.getByTestId('course-rank').getByText(studentAccount.account).waitFor();
    await snap(student, 'course-member-rank', true);

    await student.goto(`${env.server.url}/user?tab=courses`);
    await student.getByTestId('my-courses').getByText(`进阶课 ${stamp}`).waitFor();
    await snap(student, 'user-my-courses');
  }, 120_000);

  it('a problem page plays the solution video through a signed URL', async () => {
    const form = new FormData();
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypisom'), Buffer.alloc(500)]);
    form.append('file', new Blob([new Uint8Array(mp4)], { type: 'video/mp4' }), 'solution.mp4');
    const session = await apiLogin(env, BOSS.account, BOSS.password);
    const up = await fetch(`${env.server.url}/api/video/admin/problem/upload?problem_id=1000`, {
      method: 'POST',
      headers: { cookie: `oj_session=${session}` },
      body: form,
    });
    expect(((await up.json()) as { code: number }).code).toBe(0);
    await student.goto(`${env.server.url}/problems/algorithm/1000`);
    await student.getByTestId('solution-video').click();
    const video = student.locator('video.oj-solution-video');
    await video.waitFor();
    expect(await video.getAttribute('src')).toMatch(/^\/api\/video\/play\/[a-f0-9]{32}\.mp4\?exp=\d+&sig=/);
    await snap(student, 'problem-solution-video');
    await student.keyboard.press('Escape');
    // A problem without a video offers no 讲解视频 at all (issue 29 item 7).
    await student.goto(`${env.server.url}/problems/algorithm/1001`);
    await student.getByTestId('statement').getByText('1001.', { exact: false }).first().waitFor();
    expect(await student.getByTestId('solution-video').count()).toBe(0);
  }, 60_000);
});

async function firstLessonId(page: Page, planId: number): Promise<number> {
  const r = await api<{ sections: { lessons: { id: number }[] }[] }>(
    page,
    `/api/course/admin/get?courseId=${planId}`,
  );
  return r.data.sections[0].lessons[0].id;
}
