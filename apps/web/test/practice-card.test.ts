import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { type Env, noOverflow, pageApi, registerViaApi, shot, signedInPage, startEnv } from './support';
import { classJoinedBy, markTeacher } from './classroom';

// Issue 29 item 15 on the real server and the built sites (docs/users.md "练习情况"): the user card's
// 练习情况 tab lists the solved problems, counts by difficulty and tag (hidden by the viewer's
// 隐藏算法标签), the public lists, and the classes once the user shows them; at 390 px no overflow.
let env: Env;
let solver: Page;
let viewer: Page;
let solverId: number;
const stamp = Date.now().toString(36);
const PASS = 'Practice-pass-123';
const AB_PY = 'a, b = map(int, input().split())\nprint(a + b)\n';
const LIST = `公开练习题单 ${stamp}`;
const CLASS = `练习情况班 ${stamp}`;

beforeAll(async () => {
  env = await startEnv({ seedDemo: true });
  const solverAccount = `ps_${stamp}`.slice(0, 20);
  const viewerAccount = `pv_${stamp}`.slice(0, 20);
  const teacherAccount = `pt_${stamp}`.slice(0, 20);
  solverId = await registerViaApi(env, solverAccount, PASS);
  await registerViaApi(env, viewerAccount, PASS);
  await markTeacher(env, await registerViaApi(env, teacherAccount, PASS));
  solver = await signedInPage(env, solverAccount, PASS);
  viewer = await signedInPage(env, viewerAccount, PASS);
  const teacher = await signedInPage(env, teacherAccount, PASS);
  await classJoinedBy(teacher, CLASS, [solver]);
  await teacher.context().close();
  const sent = await pageApi<{ submission_id: number }>(solver, '/api/problem/algorithm/judge/submit', {
    problem_id: 1000,
    language: 'Python3',
    source_code: AB_PY,
  });
  expect(sent.code, sent.message).toBe(0);
  // Judged in the background (expect.poll is for tests only): wait for the verdict here.
  const deadline = Date.now() + 120_000;
  let status = '';
  while (Date.now() < deadline) {
    status = (
      await pageApi<{ status: string }>(
        solver,
        `/api/problem/algorithm/records/recordId?submission_id=${sent.data.submission_id}`,
        undefined,
        'GET',
      )
    ).data.status;
    if (status === 'AC') break;
    await new Promise((r) => setTimeout(r, 500));
  }
  expect(status).toBe('AC');
  const list = await pageApi(solver, '/api/problem-list/create', {
    title: LIST,
    public: true,
    items: [{ problem_id: 1000 }],
  });
  expect(list.code, list.message).toBe(0);
}, 180_000);

afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') await shot(viewer, 'failed-practice-card');
});

afterAll(async () => {
  await env?.close();
});

const openPractice = async (page: Page) => {
  await page.goto(`${env.server.url}/user/space/${solverId}`);
  await page.getByRole('tab', { name: '练习情况' }).click();
  await page.getByTestId('practice').waitFor();
};

describe('practice card', () => {
  it('shows solved problems, counts, public lists; classes only once the user allows it', async () => {
    await openPractice(viewer);
    const solved = viewer.getByTestId('practice-solved-id').filter({ hasText: /^1000$/ });
    await solved.waitFor();
    expect(await solved.getAttribute('href')).toBe('/problems/algorithm/1000');
    expect(await viewer.getByTestId('practice-difficulty').innerText()).toMatch(/已解决 1\/\d+/);
    await viewer.getByTestId('practice-tags').locator('table').waitFor();
    await viewer.getByTestId('practice-lists').getByRole('link', { name: LIST }).waitFor();
    // Off by default: no class is named.
    expect(await viewer.getByTestId('practice-classes').count()).toBe(0);
    expect(await noOverflow(viewer)).toBe(true);
    await shot(viewer, 'practice-card');

    // The solver allows it in 个人中心; the viewer now sees the class's name.
    await solver.goto(`${env.server.url}/user`);
    const toggle = solver.getByTestId('show-classes-switch');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    await expect
      .poll(
        async () =>
          (await pageApi<{ show_classes: boolean }>(solver, '/api/user/current', undefined, 'GET')).data
            .show_classes,
      )
      .toBe(true);
    await openPractice(viewer);
    await viewer.getByTestId('practice-classes').getByText(CLASS).waitFor();

    // 390 px: nothing wider than the screen.
    await viewer.setViewportSize({ width: 390, height: 844 });
    await openPractice(viewer);
    await viewer.getByTestId('practice-classes').getByText(CLASS).waitFor();
    expect(await noOverflow(viewer)).toBe(true);
    await shot(viewer, 'practice-card-phone', true);
    await viewer.setViewportSize({ width: 1366, height: 820 });
  });

  it("follows the viewer's 隐藏算法标签: tag counts hidden when it is on", async () => {
    const set = await pageApi(viewer, '/api/user/settings', { hide_tags: true });
    expect(set.code, set.message).toBe(0);
    await openPractice(viewer);
    await viewer.getByTestId('practice-tags-hidden').waitFor();
    expect(await viewer.getByTestId('practice-tags').locator('table').count()).toBe(0);
    // The difficulty counts stay.
    await viewer.getByTestId('practice-difficulty').locator('table').waitFor();
    await pageApi(viewer, '/api/user/settings', { hide_tags: false });
  });
});
