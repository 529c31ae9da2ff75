import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { BOSS, shot, signedInPage, startEnv, type Env } from './support';

// The living home page, the announcement bar, /special, /introduction and the 2048 game on the real
// server and the built sites; one signed-in admin page for every case, phone and desktop widths.
let env: Env;
let page: Page;

beforeAll(async () => {
  env = await startEnv({ seedDemo: true });
  page = await signedInPage(env, BOSS.account, BOSS.password);
}, 120_000);
afterAll(async () => {
  await env?.close();
});

const XSS = '<img src=x onerror="window.__xss=1">';

/** Nothing sticks out sideways at the current width. */
async function noOverflow() {
  await page.locator('.oj-loading-overlay').waitFor({ state: 'detached' });
  const [scroll, width] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ]);
  expect(scroll).toBeLessThanOrEqual(width);
}

async function board(): Promise<string> {
  return (await page.getByTestId('game-board').locator('[role=gridcell]').allTextContents()).join(',');
}

describe('home, Byte专栏, introduction and the game', () => {
  it('shows the announcement rendered as markdown, the daily problem and contests; the bar stays dismissed', async () => {
    const admin = { uuid: 1, role: 2 as const, isBoss: true, sessionId: null };
    const id = await env.server.ctx.announcements.add(admin, {
      title: '期末机房维护通知',
      content: `本周六 **22:00** 起维护两小时。\n\n${XSS}`,
      published: true,
      pinned: true,
      expire_time: null,
    });
    await env.server.ctx.announcements.add(admin, {
      title: '未发布的草稿',
      content: '草稿内容',
      published: false,
      pinned: true,
      expire_time: null,
    });
    await env.server.ctx.competitions.create(admin, {
      name: '首页倒计时赛',
      description: '',
      type: 1,
      start_time: new Date(Date.now() + 3_600_000).toISOString(),
      end_time: new Date(Date.now() + 7_200_000).toISOString(),
      problems: [{ problem_id: 1000 }],
    } as Parameters<Env['server']['ctx']['competitions']['create']>[1]);

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${env.server.url}/home`);
    const ann = page.getByTestId(`announcement-${id}`);
    await ann.locator('strong', { hasText: '22:00' }).waitFor();
    expect(await page.getByText('未发布的草稿').count()).toBe(0);
    await page.getByTestId('home-daily').waitFor();
    const countdown = page.getByTestId('home-contests').getByTestId('countdown');
    const first = await countdown.textContent();
    expect(first).toMatch(/^距开始/);
    await expect.poll(() => countdown.textContent(), { timeout: 5000 }).not.toBe(first);
    await page.getByTestId('home-location').getByText('当前位置：本机').waitFor();
    await page.getByTestId('home-progress').waitFor();
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();

    const bar = page.getByTestId('announcement-bar');
    await bar.getByText('期末机房维护通知').waitFor();
    await shot(page, 'home-desktop', true);
    await page.getByTestId('announcement-bar-close').click();
    await bar.waitFor({ state: 'detached' });
    await page.goto(`${env.server.url}/problems`);
    await page.getByTestId('home-page').waitFor({ state: 'detached' });
    await page.reload();
    await page.locator('.oj-topnav').waitFor();
    expect(await bar.count()).toBe(0);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${env.server.url}/home`);
    await page.getByTestId(`announcement-${id}`).waitFor();
    await noOverflow();
    await shot(page, 'home-phone', true);
  });

  it('/special links every tool; the game plays by keyboard and by swipe', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${env.server.url}/special`);
    const cards = page.locator('.oj-special-card');
    await expect.poll(() => cards.count()).toBe(7);
    const hrefs = await cards.evaluateAll((els) => els.map((e) => e.getAttribute('href')));
    expect(hrefs).toEqual([
      '/code-replay',
      '/snippets',
      '/data-structure-animation',
      '/markdown',
      '/game',
      '/introduction',
      '/requirements',
    ]);
    await noOverflow();
    await shot(page, 'special-phone', true);

    await page.getByTestId('special-card-game').click();
    await page.waitForURL(/\/game$/);
    await page.getByTestId('game-board').waitFor();
    expect((await board()).split(',').filter(Boolean)).toHaveLength(2);
    const start = await board();
    for (const key of ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown']) {
      await page.keyboard.press(key);
      if ((await board()) !== start) break;
    }
    const afterKey = await board();
    expect(afterKey).not.toBe(start);
    expect(afterKey.split(',').filter(Boolean).length).toBeGreaterThanOrEqual(2);

    // A swipe: touch events on the board, in each direction until one moves a tile.
    let swiped = false;
    for (const [dx, dy] of [
      [-120, 0],
      [0, -120],
      [120, 0],
      [0, 120],
    ]) {
      const before = await board();
      await page.getByTestId('game-board').evaluate(
        (el, [x, y]) => {
          const r = el.getBoundingClientRect();
          const at = (cx: number, cy: number) =>
            new Touch({ identifier: 1, target: el, clientX: cx, clientY: cy });
          const sx = r.left + r.width / 2;
          const sy = r.top + r.height / 2;
          const s = at(sx, sy);
          const e = at(sx + x, sy + y);
          el.dispatchEvent(
            new TouchEvent('touchstart', { bubbles: true, touches: [s], changedTouches: [s] }),
          );
          el.dispatchEvent(new TouchEvent('touchend', { bubbles: true, touches: [], changedTouches: [e] }));
        },
        [dx, dy],
      );
      if ((await board()) !== before) {
        swiped = true;
        break;
      }
    }
    expect(swiped).toBe(true);
    await noOverflow();
    await shot(page, 'game-phone');

    // Also in the 更多 menu.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${env.server.url}/home`);
    await page.locator('.oj-topnav').getByText('更多').hover();
    await page.getByText('小游戏 2048').click();
    await page.waitForURL(/\/game$/);
  });

  it("/introduction shows the judge's own languages, versions, limits and verdicts", async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${env.server.url}/introduction`);
    const langs = page.getByTestId('intro-languages');
    await langs.waitFor();
    expect(await langs.locator('tbody tr').count()).toBe(6);
    const cxx = await page.getByTestId('intro-lang-C++').textContent();
    expect(cxx).toMatch(/g\+\+ \(Debian/);
    expect(cxx).toContain('-std=gnu++17');
    expect(await page.getByTestId('intro-verdicts').locator('tr').count()).toBe(10);
    await shot(page, 'introduction-desktop', true);
    await page.setViewportSize({ width: 390, height: 844 });
    await noOverflow();
    await shot(page, 'introduction-phone', true);
  });

  it('the management site writes an announcement with a live preview', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${env.server.url}/admin/announcements`);
    await page.getByTestId('admin-announcements').getByText('期末机房维护通知').waitFor();
    await page.getByRole('button', { name: '发布公告' }).click();
    await page.getByPlaceholder('公告标题').fill('新学期开放报名');
    await page.locator('.ace_content').first().click();
    await page.keyboard.type('## 报名方式\n\n$a^2$ 在线填写');
    await page.getByTestId('markdown-preview').locator('h2', { hasText: '报名方式' }).waitFor();
    await page.getByTestId('markdown-preview').locator('.katex').first().waitFor();
    await shot(page, 'admin-announcement-editor');
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByTestId('admin-announcements').locator('td', { hasText: '新学期开放报名' }).waitFor();
    const list = await env.server.ctx.announcements.list({ pageNum: 1, pageSize: 10 });
    expect(list.records.map((r) => r.title)).toContain('新学期开放报名');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByTestId('admin-announcements').locator('td', { hasText: '新学期开放报名' }).waitFor();
    await shot(page, 'admin-announcements-phone');
    // The page's own content fits (the management site's side menu is the layout's business).
    const [right, scroll, client, width] = await page
      .getByTestId('admin-announcements')
      .evaluate((el) => [
        el.getBoundingClientRect().right,
        el.scrollWidth,
        el.clientWidth,
        window.innerWidth,
      ]);
    expect(right).toBeLessThanOrEqual(width);
    expect(scroll).toBeLessThanOrEqual(client);
  });
});
