import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  apiLogin,
  currentUser,
  INSECURE_HOST,
  newPage,
  outboxCode,
  outboxCount,
  registerViaApi,
  shot,
  signedInPage,
  startEnv,
  type Env,
} from './support';

// The user site on the real server and the real built dist: a new visitor registers, edits the
// profile, uploads an avatar, changes the background, logs out and in again. Each case starts on a
// fresh page, with its own account where it needs one: the cases pass in any order, and alone.
let env: Env;
let page: Page;
const stamp = Date.now().toString(36);
const password = 'Secret-密码-2026';
const newPassword = 'Renewed-密码-2027';
let accounts = 0;

beforeAll(async () => {
  env = await startEnv();
});
beforeEach(async () => {
  page = await newPage(env);
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') {
    console.error(`[browser] failed at ${page.url()}`);
    await shot(page, `failed-${ctx.task.name.replace(/\W+/g, '-').slice(0, 40)}`);
  }
  await page.context().close();
});

/** A new account of this case (registered through the API) with the profile an earlier visit left. */
async function newAccount() {
  const account = `stu_${stamp}_${++accounts}`;
  await registerViaApi(env, account, password);
  const session = await apiLogin(env, account, password);
  const saved = (await (
    await fetch(`${env.server.url}/api/user/modify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `oj_session=${session}` },
      body: JSON.stringify({ username: '小明同学', school: '北京大学' }),
    })
  ).json()) as { code: number; message: string };
  expect(saved.code, saved.message).toBe(0);
  return { account, email: `${account}@example.com` };
}

/** The case's page becomes a new account's, signed in, on its personal centre. */
async function signedInOnProfile() {
  const { account } = await newAccount();
  await page.context().close();
  page = await signedInPage(env, account, password);
  await page.goto(`${env.server.url}/user?tab=profile`);
  await page.getByTestId('user-center').waitFor();
  return { account };
}
afterAll(async () => {
  await env?.close();
});

const toast = (text: string) => page.locator('.ant-message-notice', { hasText: text }).first();

/** Resolves when the page logs that it shows a toast with this text (see the logout case). */
const toastReported = (p: Page, text: string) =>
  p.waitForEvent('console', { predicate: (m) => m.text().startsWith('toast:') && m.text().includes(text) });
const registerForm = () => page.locator('form#register');

describe('user site', () => {
  it('shows the home page in Chinese with the product title and the top navigation', async () => {
    await page.goto(`${env.server.url}/home`);
    await page.getByTestId('home-page').waitFor();
    await expect.poll(() => page.title()).toBe('首页 - 字节OJ');
    for (const label of ['首页', '题库', '学习', '竞赛', 'Byte专栏', '更多']) {
      await expect(
        page.locator('.oj-topnav-menu').getByText(label, { exact: true }).first().isVisible(),
      ).resolves.toBe(true);
    }
    await page.locator('.oj-loading-overlay').waitFor({ state: 'detached' });
    await shot(page, 'home');
  });

  it('shows the first-load overlay while requests are outstanding, then closes it', async () => {
    const slow = page;
    // Hold the current-user call until the overlay has been seen moving.
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    await slow.route('**/api/user/current', async (route) => {
      await released;
      await route.continue();
    });
    await slow.goto(`${env.server.url}/home`, { waitUntil: 'commit' });
    const overlay = slow.locator('.oj-loading-overlay');
    await overlay.getByText('加载中，请稍候...').waitFor();
    await shot(slow, 'loading-overlay');
    // The bar creeps forward while requests are outstanding, but never to the end before they answer.
    const percent = async () => Number(await overlay.getAttribute('aria-valuenow'));
    await expect.poll(percent).toBeGreaterThan(0);
    expect(await percent()).toBeLessThanOrEqual(90);
    release();
    await overlay.waitFor({ state: 'detached' });
    await slow.getByTestId('home-page').waitFor();
  });

  it('goes to /404?from=<current path> when a page chunk cannot be loaded', async () => {
    const broken = await newPage(env);
    await broken.goto(`${env.server.url}/home`);
    await broken.getByTestId('home-page').waitFor();
    await broken.route('**/assets/IntroductionPage-*.js', (route) => route.abort());
    await broken.locator('.oj-topnav-menu').getByText('更多').hover();
    await broken.getByRole('menuitem', { name: '网站介绍' }).click();
    await broken.waitForURL(/\/404\?from=%2Fhome$/);
    await broken.getByText('页面 /home 的资源加载失败，可能是网站刚刚更新，请重新加载。').waitFor();
    await broken.context().close();
  });

  it('takes the address of a framed page of the site (same origin only)', async () => {
    const parent = await newPage(env);
    await parent.goto(`${env.server.url}/home`);
    await parent.getByTestId('home-page').waitFor();
    await parent.evaluate(() => {
      const frame = document.createElement('iframe');
      frame.src = '/introduction';
      document.body.appendChild(frame);
    });
    await parent.waitForFunction(() => window.location.pathname === '/introduction');
    await parent.getByTestId('home-page').waitFor(); // the parent still shows its own page
    await parent.context().close();
  });

  it('sends an anonymous visitor of /user to the login page with the wanted path', async () => {
    await page.goto(`${env.server.url}/user?tab=profile`);
    await page.waitForURL(/\/user\/login\?redirect=/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/user?tab=profile');
    await expect.poll(() => page.title()).toBe('登陆/注册 - 字节OJ');
    // It says why (issue 16: a login page opened by a guarded page said nothing).
    await page.getByTestId('login-reason').getByText('该页面需要登录后才能访问').waitFor();
  });

  it('downloads only the login page for a visitor of a page that needs sign-in, and that page after it', async () => {
    const { account } = await newAccount();
    const asked: string[] = [];
    page.on('request', (r) => void asked.push(r.url()));
    const classChunk = () => asked.filter((u) => /\/assets\/ClassListPage-[^/]*\.js$/.test(u));
    await page.goto(`${env.server.url}/class`);
    await page.waitForURL(/\/user\/login\?redirect=%2Fclass$/);
    await page.locator('form#password-login').waitFor();
    expect(classChunk()).toEqual([]); // the router used to fetch the barred page before redirecting
    await page.getByPlaceholder('账号或邮箱').fill(account);
    await page.getByPlaceholder('密码', { exact: true }).fill(password);
    await page.locator('form#password-login').getByRole('button', { name: '登陆' }).click();
    await page.waitForURL(/\/class$/); // no reload: the page is fetched when first drawn
    await expect.poll(() => page.title()).toBe('我的班级 - 字节OJ');
    await page.getByTestId('class-join-code').waitFor();
    expect(classChunk()).toHaveLength(1);
  });

  it('explains a failed third-party login and offers no provider that is not configured', async () => {
    const p = await newPage(env);
    await p.goto(`${env.server.url}/user/login?oauth_error=${encodeURIComponent('GitHub 授权已取消')}`);
    await p.getByText('第三方登陆失败').waitFor();
    await p.getByText('GitHub 授权已取消').waitFor();
    expect(await p.getByText('其他登陆方式').count()).toBe(0);
    await p.context().close();
  });

  it('shows Chinese validation messages', async () => {
    await page.goto(`${env.server.url}/user/login`);
    await page.getByRole('tab', { name: '注册' }).click();
    await registerForm().getByPlaceholder('4 到 20 位字母、数字或下划线').fill('a!');
    await registerForm().getByRole('button', { name: '注册' }).click();
    await registerForm().getByText('账号只能由 4 到 20 位字母、数字或下划线组成').waitFor();
    await registerForm().getByText('请输入邮箱').waitFor();
    await registerForm().getByText('请输入验证码').waitFor();
    await shot(page, 'register-validation');
  });

  it('registers with the code from the outbox and lands on the wanted page', async () => {
    const account = `reg_${stamp}`;
    const email = `${account}@example.edu.cn`;
    await page.goto(`${env.server.url}/user?tab=profile`);
    await page.waitForURL(/\/user\/login\?redirect=/);
    await page.getByRole('tab', { name: '注册' }).click();
    const pane = registerForm();
    await pane.getByPlaceholder('4 到 20 位字母、数字或下划线').fill(account);
    await pane.getByPlaceholder('用于接收验证码和找回密码').fill(email);
    await pane.getByRole('button', { name: '获取验证码' }).click();
    await toast('验证码已发送').waitFor();
    const code = await outboxCode(env.dataDir, email);
    await pane.getByPlaceholder('6 位验证码').fill(code);
    await pane.getByPlaceholder('至少 6 位').fill(password);
    await pane.getByPlaceholder('再输入一次密码').fill(password);
    await pane.getByRole('button', { name: '注册' }).click();
    await page.waitForURL(/\/user\?tab=profile$/);
    await page.getByTestId('user-center').waitFor();
    await expect.poll(() => page.title()).toBe('个人中心 - 字节OJ');
    const heatmap = page.getByTestId('practice-heatmap');
    await heatmap.getByText(`${new Date().getFullYear()} 年每日练习`).waitFor();
    await heatmap.getByText('共提交 0 次').waitFor();
    await heatmap.locator('rect.oj-heatmap-day').first().waitFor();
    const me = await currentUser(page);
    expect(me.uuid).toBeGreaterThan(0);
    expect(me.role).toBe(1);
  });

  it('edits the profile: nickname, gender, school, profile text (cut at 99) and tags', async () => {
    await signedInOnProfile();
    const form = page.locator('form#profile');
    await form.getByPlaceholder('填写你的昵称（必填项）').fill('');
    await form.getByRole('button', { name: '保存修改' }).click();
    await form.getByText('昵称不能为空').waitFor();
    await form.getByPlaceholder('填写你的昵称（必填项）').fill('小明同学');
    await form.getByLabel('女性').check();
    await form.getByPlaceholder('你的学校').fill('北京大学');
    await form.getByPlaceholder('介绍一下你自己').fill('热爱算法'.repeat(30)); // 120 characters
    await form.getByText('99/100').waitFor();
    const tags = form.locator('#profile_tag_list');
    for (const tag of ['C++', '算法', 'Rust']) {
      await tags.fill(tag);
      await tags.press('Enter');
    }
    await form.getByRole('button', { name: '删除标签 算法' }).click();
    await tags.fill('算法');
    await tags.press('Enter');
    await form.getByRole('button', { name: '保存修改' }).click();
    await toast('恭喜，你已经成功修改你的信息').waitFor();
    const me = await currentUser(page);
    expect(me.username).toBe('小明同学');
    expect(me.gender).toBe('女性');
    expect(me.school).toBe('北京大学');
    expect(Array.from(me.profile)).toHaveLength(99);
    expect(me.tag_list).toEqual(['C++', 'Rust', '算法']);
    await shot(page, 'user-center');
  });

  it('uploads an avatar', async () => {
    await signedInOnProfile();
    const before = (await currentUser(page)).avatar;
    const png = await page.screenshot({ clip: { x: 0, y: 0, width: 96, height: 96 } });
    await page
      .locator('form#profile input[type=file]')
      .setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: png });
    await toast('上传完毕').waitFor();
    const after = (await currentUser(page)).avatar;
    expect(after).not.toBe(before);
    expect(after).toMatch(/\/api\/files\//);
    await page.locator(`[data-testid=profile-avatar] img[src="${after}"]`).waitFor();
  });

  it('opens the settings from the bottom bar, uploads and saves a background picture', async () => {
    await signedInOnProfile();
    const bar = page.getByTestId('bottom-bar');
    await page.mouse.move(600, 400);
    await expect(bar.evaluate((el) => el.classList.contains('oj-bottombar-shown'))).resolves.toBe(false);
    await page.mouse.move(600, 820 - 20);
    await page.waitForFunction(() =>
      document.querySelector('.oj-bottombar')?.classList.contains('oj-bottombar-shown'),
    );
    await bar.getByRole('button', { name: '设置' }).click();
    const dialog = page.locator('.ant-modal');
    await dialog.getByRole('tab', { name: '背景图片设置' }).waitFor();
    await dialog.getByRole('tab', { name: '敬请期待' }).waitFor();
    const grid = dialog.getByTestId('background-grid');
    await grid.waitFor();
    const columns = await grid.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
    expect(columns).toBe(7);
    const builtIn = await grid.locator('.oj-bg-item').count();
    const png = await page.screenshot({ clip: { x: 0, y: 0, width: 320, height: 200 } });
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'bg.png', mimeType: 'image/png', buffer: png });
    await toast('图片上传成功！！！').waitFor();
    await expect.poll(() => grid.locator('.oj-bg-item').count()).toBe(builtIn + 1);
    // Only the owner sees the delete control: exactly the uploaded picture has one.
    await expect(grid.locator('.oj-bg-delete').count()).resolves.toBe(1);
    await shot(page, 'settings-background');
    const first = grid.locator('.oj-bg-item').first();
    const chosen = await first.locator('img').getAttribute('src');
    await first.click();
    await dialog.getByRole('button', { name: '保存' }).click();
    await toast('背景图片已保存').waitFor();
    expect((await currentUser(page)).background_picture).toBe(chosen);
    const style = await page.getByTestId('site-background').getAttribute('style');
    expect(style).toContain(chosen!);
  });

  it('remembers a hidden navigation bar across reloads', async () => {
    await signedInOnProfile();
    await page.mouse.move(600, 820 - 10);
    await page.getByTestId('bottom-bar').getByRole('button', { name: '隐藏导航栏' }).click();
    await page.locator('.oj-topnav').waitFor({ state: 'detached' });
    await page.reload();
    await page.getByTestId('user-center').waitFor();
    expect(await page.locator('.oj-topnav').count()).toBe(0);
    await page.mouse.move(600, 820 - 10);
    await page.getByTestId('bottom-bar').getByRole('button', { name: '显示导航栏' }).click();
    await page.locator('.oj-topnav').waitFor();
  });

  it('searches from the keyword box: grouped results of every kind', async () => {
    await page.goto(`${env.server.url}/home`);
    const box = page.getByPlaceholder('搜索题目、帖子、用户、比赛');
    await box.fill('动态规划');
    await box.press('Enter');
    await page.waitForURL(/\/together\/search/);
    const url = new URL(page.url());
    expect(url.searchParams.get('keyword')).toBe('动态规划');
    await page.getByTestId('together-search').getByText('「动态规划」共找到').waitFor();
  });

  it('sends unknown paths to /404 and shows the user card', async () => {
    await signedInOnProfile();
    await page.goto(`${env.server.url}/no/such/page`);
    await page.waitForURL(/\/404$/);
    await page.getByText('抱歉，你访问的页面不存在，或者你没有权限访问它。').waitFor();
    const me = await currentUser(page);
    await page.goto(`${env.server.url}/user/space/${me.uuid}`);
    await page.getByTestId('user-space').getByText('小明同学').waitFor();
    await page.getByTestId('user-space').getByText('北京大学').waitFor();
    await page.locator('.oj-loading-overlay').waitFor({ state: 'detached' });
    await shot(page, 'user-space');
  });

  it('does not show /test and /ip/lock: they go to /404 like any unknown path (SPEC §2)', async () => {
    for (const path of ['/test', '/ip/lock', '/ip/lock?from=x']) {
      await page.goto(`${env.server.url}${path}`);
      await page.waitForURL(/\/404$/);
      await page.getByText('抱歉，你访问的页面不存在，或者你没有权限访问它。').waitFor();
      expect(await page.getByText('正在建设中').count(), path).toBe(0);
      await expect.poll(() => page.title()).toBe('页面不存在 - 字节OJ');
    }
  });

  it('logs out through the avatar menu, then logs in again with the password', async () => {
    const { account } = await signedInOnProfile();
    await page.goto(`${env.server.url}/home`);
    await page.getByTestId('avatar-menu').hover();
    await page.getByRole('menuitem', { name: '个人中心' }).waitFor();
    expect(await page.getByRole('menuitem', { name: '管理中心' }).count()).toBe(0); // role 1 only
    // The toast is on screen for 500 ms before the page reloads: a poll started after the click can
    // miss it on a loaded machine, so the page reports each toast it shows through the console.
    const toastShown = toastReported(page, '已退出登陆');
    await page.evaluate(() => {
      new MutationObserver(() => {
        for (const n of document.querySelectorAll('.ant-message-notice'))
          console.log(`toast:${n.textContent}`);
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.getByRole('menuitem', { name: '退出登陆' }).click();
    await toastShown;
    await page.waitForURL(/\/home$/); // reloaded to / which redirects to /home
    await page.getByTestId('avatar-menu').getByText('未登录').waitFor();
    expect((await currentUser(page)).uuid).toBe(-1);

    await page.goto(`${env.server.url}/user/login?redirect=%2Fuser`);
    await page.getByPlaceholder('账号或邮箱').fill(account);
    await page.getByPlaceholder('密码', { exact: true }).fill('wrong-password');
    await page.locator('form#password-login').getByRole('button', { name: '登陆' }).click();
    await page.locator('.ant-message-notice-error').first().waitFor();
    await page.getByPlaceholder('密码', { exact: true }).fill(password);
    await page.locator('form#password-login').getByRole('button', { name: '登陆' }).click();
    await page.waitForURL(/\/user$/);
    expect((await currentUser(page)).username).toBe('小明同学');
  });

  it('logs in from a plain-http LAN address, where Web Crypto is missing (node-forge fallback)', async () => {
    const { account } = await newAccount();
    const lan = await newPage(env);
    await lan.goto(`http://${INSECURE_HOST}:${env.server.port}/user/login`);
    expect(await lan.evaluate(() => window.isSecureContext || Boolean(globalThis.crypto?.subtle))).toBe(
      false,
    );
    await lan.getByPlaceholder('账号或邮箱').fill(account);
    await lan.getByPlaceholder('密码', { exact: true }).fill(password);
    await lan.locator('form#password-login').getByRole('button', { name: '登陆' }).click();
    await lan.waitForURL(/\/home$/);
    expect((await currentUser(lan)).username).toBe('小明同学');
    await lan.context().close();
  });

  it('resets the password with an emailed code, then logs in with the new one', async () => {
    const { account, email } = await newAccount();
    const p = await newPage(env);
    await p.goto(`${env.server.url}/user/login`);
    await p.getByRole('tab', { name: '找回密码' }).click();
    const form = p.locator('form#reset-password');
    await form.getByPlaceholder('4 到 20 位字母、数字或下划线').fill(account);
    await form.getByPlaceholder('账号绑定的邮箱').fill(email);
    const before = outboxCount(env.dataDir, email);
    await form.getByRole('button', { name: '获取验证码' }).click();
    await form.getByPlaceholder('6 位验证码').fill(await outboxCode(env.dataDir, email, before));
    await form.getByPlaceholder('至少 6 位').fill(newPassword);
    await form.getByPlaceholder('再输入一次密码').fill(newPassword);
    await form.getByRole('button', { name: '重置密码' }).click();
    await p.locator('.ant-message-notice', { hasText: '密码已重置，请使用新密码登陆' }).waitFor();
    await p.getByRole('tab', { name: '密码登陆', selected: true }).waitFor();
    await p.getByPlaceholder('账号或邮箱').fill(account);
    await p.getByPlaceholder('密码', { exact: true }).fill(newPassword);
    await p.locator('form#password-login').getByRole('button', { name: '登陆' }).click();
    await p.waitForURL(/\/home$/);
    expect((await currentUser(p)).username).toBe('小明同学');
    await p.context().close();
  });

  it('logs in with an emailed code', async () => {
    const { email } = await newAccount();
    const p = await newPage(env);
    await p.goto(`${env.server.url}/user/login?redirect=%2Fuser`);
    await p.getByRole('tab', { name: '邮箱登陆' }).click();
    const form = p.locator('form#email-login');
    await form.getByPlaceholder('注册时填写的邮箱').fill(email);
    const before = outboxCount(env.dataDir, email);
    await form.getByRole('button', { name: '获取验证码' }).click();
    await form.getByRole('button', { name: /秒后重发/ }).waitFor(); // the 60 s cool-down started
    await form.getByPlaceholder('6 位验证码').fill(await outboxCode(env.dataDir, email, before));
    await form.getByRole('button', { name: '登陆' }).click();
    await p.waitForURL(/\/user$/);
    expect((await currentUser(p)).username).toBe('小明同学');
    await p.context().close();
  });
});
