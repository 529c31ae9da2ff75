import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { BOSS, newPage, registerViaApi, shot, signedInPage, startEnv, type Env } from './support';

// 站内消息 and moderation on the real server and the built sites: the unread badge follows a
// notification live, the page marks it read; the admin handles a report and mutes a user.
let env: Env;
let page: Page;
const stamp = Date.now().toString(36);
const PASSWORD = 'Student-pass-1';

beforeAll(async () => {
  env = await startEnv();
});
beforeEach(async () => {
  page = await newPage(env);
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') {
    console.error(`[browser] failed at ${page.url()}`);
    await shot(page, `failed-notifications-${ctx.task.name.replace(/\W+/g, '-').slice(0, 40)}`);
  }
  await page.context().close();
});
afterAll(async () => {
  await env?.close();
});

async function newUser(name: string) {
  const account = `${name}_${stamp}`.slice(0, 20);
  return { account, uuid: await registerViaApi(env, account, PASSWORD) };
}

const toast = (text: string) => page.locator('.ant-message-notice', { hasText: text }).first();

/** The page's own content fits the window (the shared top bar is the layout's business). */
async function fitsWindow(testId: string) {
  const [right, scroll, client, width] = await page
    .getByTestId(testId)
    .evaluate((el) => [el.getBoundingClientRect().right, el.scrollWidth, el.clientWidth, window.innerWidth]);
  expect(right).toBeLessThanOrEqual(width);
  expect(scroll).toBeLessThanOrEqual(client);
}

describe('notifications', () => {
  it('the badge follows a new notification live; the page shows it as text and marks it read', async () => {
    const author = await newUser('nt_author');
    const replier = await newUser('nt_reply');
    await page.context().close();
    page = await signedInPage(env, author.account, PASSWORD);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${env.server.url}/home`);
    await page.getByTestId('avatar-menu').waitFor();
    await expect.poll(() => page.getByTestId('unread-badge').count()).toBe(0);

    const xss = '<img src=x onerror="window.__xss=1">';
    // A real post of the author's: a notification goes only to those who may read its post.
    const asAuthor = { uuid: author.uuid, role: 1 as const, isBoss: false, sessionId: null };
    const postId = await env.server.ctx.forum.add(asAuthor, {
      title: '两数之和的三种解法',
      content: '正文',
      category: 'discussion',
      tags: [],
    });
    // A second post whose title is markup: the notification must show it as text.
    const xssPostId = await env.server.ctx.forum.add(asAuthor, {
      title: xss,
      content: '正文',
      category: 'discussion',
      tags: [],
    });
    // Real comments: their notifications come through the forum's outbox rows (issue 30).
    const asReplier = { uuid: replier.uuid, role: 1 as const, isBoss: false, sessionId: null };
    const comment = (post_id: number, content: string) =>
      env.server.ctx.forum.addComment(asReplier, { post_id, content });
    const first = await comment(postId, '第二种写法可以用**哈希表**');
    await expect.poll(() => page.getByTestId('unread-badge').textContent(), { timeout: 10_000 }).toBe('1');
    await comment(xssPostId, `看看这个 ${xss}`);
    await expect.poll(() => page.getByTestId('unread-badge').textContent(), { timeout: 10_000 }).toBe('2');
    await shot(page, 'notifications-badge');

    await page.getByTestId('avatar-menu').hover();
    await page.getByTestId('unread-menu-count').getByText('2').waitFor();
    await page.getByRole('menuitem', { name: /我的消息/ }).click();
    await page.waitForURL(/\/notifications$/);
    const items = page.getByTestId('notification');
    await expect.poll(() => items.count()).toBe(2);
    await items.nth(0).getByText(`《${xss}》`).waitFor();
    await items.nth(1).getByText(`${replier.account} 回复了你的帖子《两数之和的三种解法》`).waitFor();
    await items.nth(1).getByText('第二种写法可以用哈希表').waitFor();
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    await shot(page, 'notifications-page');
    await page.setViewportSize({ width: 390, height: 844 });
    await fitsWindow('notifications-page');
    await shot(page, 'notifications-page-mobile');
    await page.setViewportSize({ width: 1440, height: 900 });

    // Opening one marks it read and leads to the comment.
    await items.nth(1).click();
    await page.waitForURL(new RegExp(`/posts/${postId}#comment-${first}$`));
    await expect.poll(() => page.getByTestId('unread-badge').textContent()).toBe('1');
    await page.goBack();
    await page.getByTestId('read-all').click();
    await expect.poll(() => page.getByTestId('unread-badge').count()).toBe(0);
    await expect.poll(() => page.locator('.is-unread').count()).toBe(0);
  });
});

describe('moderation on the management site', () => {
  it('the admin handles a report (the forum is asked to hide the post) and mutes, then lifts, a user', async () => {
    const writer = await newUser('md_writer');
    const reader = await newUser('md_reader');
    // A real post of the writer's: the admin's 隐藏内容 hides it through the forum.
    const asWriter = { uuid: writer.uuid, role: 1 as const, isBoss: false, sessionId: null };
    const postId = await env.server.ctx.forum.add(asWriter, {
      title: '被举报的帖子',
      content: '买卖账号加群',
      category: 'discussion',
      tags: [],
    });
    const writerPost = () =>
      env.server.ctx.forum
        .add(asWriter, { title: '禁言后', content: '还能发帖吗', category: 'discussion', tags: [] })
        .then(
          () => ({ code: 0, status: 200, message: '' }),
          (e: { code: number; status: number; message: string }) => e,
        );
    const mayRead = () => env.server.ctx.forum.mayRead({ ...asWriter, uuid: reader.uuid }, postId);
    const readerPage = await signedInPage(env, reader.account, PASSWORD);
    const reported = await readerPage.evaluate(async (id) => {
      const res = await fetch('/api/moderation/report', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ kind: 'post', id, reason: 'spam', detail: '广告' }),
      });
      return (await res.json()) as { code: number };
    }, postId);
    expect(reported.code).toBe(0);
    await readerPage.context().close();

    await page.context().close();
    page = await signedInPage(env, BOSS.account, BOSS.password);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${env.server.url}/admin/reports`);
    const row = page.getByTestId('admin-reports').locator('tbody tr', { hasText: '被举报的帖子' });
    await row.getByText('垃圾广告').waitFor();
    await row.getByText(`作者：${writer.account}`).waitFor();
    await shot(page, 'admin-reports');
    await row.getByRole('button', { name: '隐藏内容' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: '确定' }).click();
    await toast('已隐藏内容').waitFor();
    expect(await mayRead()).toBe(false);
    await expect.poll(() => row.count()).toBe(0);

    await page.getByRole('menuitem', { name: '禁言用户' }).click();
    await page.waitForURL(/\/admin\/mutes$/);
    await page.getByPlaceholder('用户编号').fill(String(writer.uuid));
    await page.getByPlaceholder('天数').fill('3');
    await page.getByPlaceholder('禁言原因').fill('发布广告');
    await page.getByRole('button', { name: '禁言', exact: true }).click();
    await toast(`已禁言用户 ${writer.uuid}`).waitFor();
    const muted = page.getByTestId('admin-mutes').locator('tbody tr', { hasText: writer.account });
    await muted.getByText('发布广告').waitFor();
    const wrote = await writerPost();
    expect([wrote.status, wrote.message]).toEqual([403, expect.stringMatching(/^你已被禁言至 /)]);
    await shot(page, 'admin-mutes');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'admin-mutes-mobile');
    await page.setViewportSize({ width: 1440, height: 900 });

    await muted.getByRole('button', { name: '解除禁言' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: '解除' }).click();
    await toast('已解除').waitFor();
    await expect.poll(() => muted.count()).toBe(0);
    expect((await writerPost()).code).toBe(0);
  });
});
