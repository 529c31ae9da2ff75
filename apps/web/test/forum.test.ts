import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOSS, pageApi, registerViaApi, shot, signedInPage, startEnv, type Env } from './support';

// The forum in Chromium: a user writes a solution in the editor (draft kept, live preview), another
// user comments, the author replies (楼中楼), both thumb, an admin pins it; and XSS payloads in the
// title, the post and a comment execute nothing on any page that shows them.
let env: Env;
const PASSWORD = 'Forum-pass-1';

beforeAll(async () => {
  env = await startEnv({ seedDemo: true });
  await registerViaApi(env, 'writer', PASSWORD);
  await registerViaApi(env, 'reader', PASSWORD);
}, 120_000);
afterAll(() => env?.close());

const XSS_TITLE = '<img src=x onerror="window.__xss=1">题解<script>window.__xss=2</script>';
const XSS_CONTENT = [
  '正文 $a+b$',
  '',
  '<img src=x onerror="window.__xss=3">',
  '<script>window.__xss=4</script>',
  '[点我](javascript:window.__xss=5)',
  '<a href="javascript:window.__xss=6">链接</a>',
  '',
  '```cpp',
  'int main() { return 0; }',
  '```',
].join('\n');
const XSS_COMMENT = '好文 <img src=x onerror="window.__xss=7"> [x](javascript:window.__xss=8)';

/** Fails on any dialog; the window flag says whether any payload ran. */
function watch(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  return dialogs;
}
const flag = (page: Page) => page.evaluate(() => (window as unknown as { __xss?: number }).__xss ?? 0);

/** The page scrolls no wider than the viewport, the site's top bar included (it has a phone layout). */
async function noHorizontalOverflow(page: Page) {
  const over = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(over).toBeLessThanOrEqual(1);
}

describe('forum', () => {
  it('writes a solution, comments, replies, thumbs, and an admin pins it; no payload runs', async () => {
    const writer = await signedInPage(env, 'writer', PASSWORD);
    const dialogs = watch(writer);
    const base = env.server.url;

    // The solving page's 题解 tab leads to the editor.
    await writer.goto(`${base}/problems/algorithm/1000`);
    await writer.getByTestId('tab-solutions').click();
    await writer.getByTestId('write-solution').click();
    await writer.waitForURL(/\/posts\/1000\/solution\/add$/);
    await writer.getByTestId('editor-title').fill(XSS_TITLE);
    await writer.getByTestId('editor-content').fill(XSS_CONTENT);
    await writer.getByTestId('editor-preview').locator('.katex').first().waitFor();
    // The draft survives a reload until posted.
    await writer.reload();
    await expect.poll(() => writer.getByTestId('editor-content').inputValue()).toBe(XSS_CONTENT);
    await shot(writer, 'forum-editor');
    await writer.getByTestId('editor-submit').click();
    await writer.waitForURL(/\/posts\/\d+$/);
    const postId = Number(/\/posts\/(\d+)$/.exec(writer.url())![1]);
    await writer.getByTestId('post-content').locator('code').first().waitFor();
    expect(await writer.getByTestId('post-title').textContent()).toBe(XSS_TITLE);
    expect(await writer.evaluate(() => localStorage.getItem('oj-post-draft:solution:1000'))).toBeNull();

    // Another user comments and thumbs.
    const reader = await signedInPage(env, 'reader', PASSWORD);
    const readerDialogs = watch(reader);
    await reader.goto(`${base}/posts/${postId}`);
    // The server rendered the post: math typeset and code coloured, without the markdown renderer
    // or KaTeX's script being downloaded.
    await reader.getByTestId('post-content').locator('.katex').first().waitFor();
    await reader.getByTestId('post-content').locator('code[data-lang] .hljs-type').first().waitFor();
    const scripts = await reader.evaluate(() => performance.getEntriesByType('resource').map((r) => r.name));
    expect(scripts.filter((s) => /\/(MarkdownBody|katex)-[\w-]+\.js$/.test(s))).toEqual([]);
    await reader.getByTestId('comment-input').fill(XSS_COMMENT);
    await reader.getByTestId('comment-send').click();
    await reader.getByText('好文').first().waitFor();
    await reader.getByTestId('post-thumb').click();
    await expect.poll(() => reader.getByTestId('post-thumb').textContent()).toContain('1');

    // The author replies under the comment (楼中楼) and thumbs it.
    await writer.reload();
    const comment = writer.locator('[data-testid^="comment-reply-"]').first();
    await comment.click();
    await writer.getByTestId('reply-input').fill('谢谢支持');
    await writer.getByTestId('reply-send').click();
    await writer.locator('.oj-comment-replies').getByText('谢谢支持').waitFor();
    await writer.locator('[data-testid^="comment-thumb-"]').first().click();
    await expect
      .poll(() => writer.locator('[data-testid^="comment-thumb-"]').first().textContent())
      .toContain('1');
    await shot(writer, 'forum-post-1440', true);

    // An admin pins it: first in the problem's solutions, with its tag.
    const admin = await signedInPage(env, BOSS.account, BOSS.password);
    const adminDialogs = watch(admin);
    const other = await pageApi<{ post_id: number }>(admin, '/api/posts/add', {
      title: '另一篇题解',
      content: '更新的题解',
      category: 'solution',
      problem_id: 1000,
    });
    expect(other.code).toBe(0);
    await admin.goto(`${base}/posts/${postId}`);
    await admin.getByTestId('admin-pin').click();
    await admin.getByTestId('pinned-tag').waitFor();
    await admin.goto(`${base}/problems/algorithm/1000`);
    await admin.getByTestId('tab-solutions').click();
    const rows = admin.getByTestId('problem-posts-solution').locator('[data-testid^="post-row-"]');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.first().getAttribute('data-testid')).toBe(`post-row-${postId}`);
    await rows.first().getByTestId('pinned-tag').waitFor();
    await shot(admin, 'forum-solving-page-solutions');

    // Every page that shows the payloads: the lists, the user card, the management site.
    for (const path of [
      '/posts',
      '/posts?tab=solution',
      `/user/space/${(await pageApi<{ uuid: number }>(writer, '/api/user/current', undefined, 'GET')).data.uuid}`,
    ]) {
      await reader.goto(`${base}${path}`);
      await reader.getByText('题解').first().waitFor();
    }
    await admin.goto(`${base}/admin/posts`);
    await admin.getByTestId('posts-admin').getByText('另一篇题解').waitFor();
    await shot(admin, 'forum-admin-posts');

    for (const p of [writer, reader, admin]) expect(await flag(p)).toBe(0);
    expect([...dialogs, ...readerDialogs, ...adminDialogs]).toEqual([]);
    // The javascript: links were not made links.
    expect(await writer.locator('a[href^="javascript:"]').count()).toBe(0);
    await writer.close();
    await reader.close();
    await admin.close();
  }, 180_000);

  it('lays out the forum pages at 1440x900 and 390x844 without horizontal overflow', async () => {
    const page = await signedInPage(env, 'reader', PASSWORD);
    const base = env.server.url;
    await pageApi(page, '/api/posts/add', {
      title: '希望支持暗色主题',
      content: '晚上看题更舒服',
      category: 'requirement',
    });
    await pageApi(page, '/api/posts/add', {
      title: '大家好，新人报到',
      content: '请多指教',
      category: 'discussion',
    });
    const made = await pageApi<{ post_id: number }>(page, '/api/posts/add', {
      title: '一篇很长的题解标题'.repeat(4),
      content: `思路：\n\n\`\`\`cpp\n${'long long answer = a + b; '.repeat(8)}\n\`\`\`\n\n$$\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}$$`,
      category: 'solution',
      problem_id: 1001,
    });
    const postId = made.data.post_id;
    await pageApi(page, '/api/posts/post/comment/add', { post_id: postId, content: '很清楚'.repeat(30) });
    for (const [w, h] of [
      [1440, 900],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      for (const [name, path, ready] of [
        ['posts', '/posts', 'posts-page'],
        ['post', `/posts/${postId}`, 'post-detail'],
        ['discussion', '/discussion', 'discussion-page'],
        ['requirements', '/requirements', 'requirements-page'],
        ['editor', '/posts/1000/answer/add', 'post-editor'],
      ] as const) {
        await page.goto(`${base}${path}`);
        await page.getByTestId(ready).waitFor();
        await shot(page, `forum-${name}-${w}`);
        await noHorizontalOverflow(page);
      }
    }
    // Requirements: thumbs are votes.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${base}/requirements`);
    const vote = page.locator('[data-testid^="vote-"]').first();
    await vote.click();
    await expect.poll(() => vote.textContent()).toContain('1 票');
    await page.close();
  }, 180_000);
});
