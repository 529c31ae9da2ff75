import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import dayjs from 'dayjs';
import {
  BOSS,
  SHOTS_DIR,
  currentUser,
  newPage,
  noOverflow,
  pageApi,
  registerViaApi,
  shot,
  signedInPage,
  startEnv,
  type Env,
} from './support';

// Defects found by a walk of both sites (issue 29), each reproduced on the real server and the built
// sites, one case per item; every case makes its own accounts and data, so any order passes, and alone.
let env: Env;
const pages: Page[] = [];
const stamp = Date.now().toString(36);
const PASS = 'Walk-pass-123';
let users = 0;

beforeAll(async () => {
  env = await startEnv({ seedDemo: true });
}, 120_000);
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail')
    for (const [i, p] of pages.entries()) {
      console.error(`[browser] failed at ${p.url()}`);
      await shot(p, `failed-walk-${ctx.task.name.replace(/\W+/g, '-').slice(0, 30)}-${i}`);
    }
  for (const p of pages.splice(0)) await p.context().close();
});
afterAll(async () => {
  await env?.close();
});

/** A new account of this case, signed in on its own page. */
async function newUser(prefix: string): Promise<{ page: Page; account: string; uuid: number }> {
  users++;
  const account = `${prefix}_${stamp}_${users}`.slice(0, 20);
  const uuid = await registerViaApi(env, account, PASS);
  const page = await signedInPage(env, account, PASS);
  pages.push(page);
  return { page, account, uuid };
}

async function bossPage(): Promise<Page> {
  const page = await signedInPage(env, BOSS.account, BOSS.password);
  pages.push(page);
  return page;
}

/** Opens 设置 from the bottom bar (it slides in when the pointer nears the bottom edge). */
async function openSettings(page: Page) {
  await page.mouse.move(600, 400);
  await page.mouse.move(600, (page.viewportSize()?.height ?? 820) - 10);
  await page.waitForFunction(() =>
    document.querySelector('.oj-bottombar')?.classList.contains('oj-bottombar-shown'),
  );
  // click() waits for the button to stand still (the slide-in to end).
  await page.getByTestId('bottom-bar').getByRole('button', { name: '设置' }).click();
}

/**
 * What a key press set off has run: the page's pending promises (a form's validation) and two
 * frames. A step change caused by Enter would have changed the address by then.
 */
const settled = (page: Page) =>
  page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

const toast = (page: Page, text: string) => page.locator('.ant-message-notice', { hasText: text }).first();
const PHONE = { width: 390, height: 844 };

describe('defects of the site walk (issue 29)', () => {
  it('1. the contest wizard: Enter confirms a typed time, every step keeps what was typed, a start within 10 minutes asks first', async () => {
    const { page } = await newUser('wiz');
    await page.goto(`${env.server.url}/competition/user/add/1/info`);
    await page.getByTestId('wizard-step-0').waitFor();
    await page.getByTestId('contest-name').fill(`周末赛 ${stamp}`);
    await page.getByTestId('contest-description').fill('周末的比赛，共一题。');
    const weekend = dayjs().add(7, 'day').startOf('day').add(10, 'hour');
    const start = page.getByPlaceholder('开始时间');
    await start.click();
    await start.fill(weekend.format('YYYY-MM-DD HH:mm'));
    await start.press('Enter');
    // Enter confirmed the field: still the first step, the typed start kept.
    await settled(page);
    expect(page.url()).toMatch(/\/1\/info$/);
    const end = page.getByPlaceholder('结束时间');
    await end.fill(weekend.add(3, 'hour').format('YYYY-MM-DD HH:mm'));
    await end.press('Enter');
    await settled(page);
    expect(page.url()).toMatch(/\/1\/info$/);
    expect(await start.inputValue()).toBe(weekend.format('YYYY-MM-DD HH:mm'));
    await page.keyboard.press('Escape');

    // Forth and back: step 1 shows everything typed; an edit there survives another round trip.
    await page.getByTestId('wizard-next').click();
    await page.waitForURL(/\/1\/select$/);
    await page.getByRole('button', { name: '上一步' }).click();
    await page.waitForURL(/\/1\/info$/);
    expect(await page.getByTestId('contest-description').inputValue()).toBe('周末的比赛，共一题。');
    expect(await start.inputValue()).toBe(weekend.format('YYYY-MM-DD HH:mm'));
    await page.getByTestId('contest-description').fill('改过的说明。');
    await page.reload();
    await page.getByTestId('wizard-step-0').waitFor();
    expect(await page.getByTestId('contest-description').inputValue()).toBe('改过的说明。');

    // A start 3 minutes away: 创建比赛 asks first, and nothing is created before the answer.
    const soon = dayjs().add(3, 'minute');
    await start.click();
    await start.fill(soon.format('YYYY-MM-DD HH:mm'));
    await start.press('Enter');
    await page.getByTestId('contest-name').click();
    expect(await start.inputValue()).toBe(soon.format('YYYY-MM-DD HH:mm'));
    await page.getByTestId('wizard-next').click();
    await page.waitForURL(/\/1\/select$/);
    const bank = page.getByTestId('wizard-bank');
    await bank.locator('tbody tr', { hasText: 'A+B 问题' }).locator('input[type=checkbox]').check();
    await page.getByTestId('wizard-next').click();
    await page.waitForURL(/\/1\/show$/);
    await page.getByTestId('wizard-title-0').fill('签到题');
    await page.getByRole('button', { name: '上一步' }).click();
    await page.waitForURL(/\/1\/select$/);
    await page.getByTestId('wizard-next').click();
    expect(await page.getByTestId('wizard-title-0').inputValue()).toBe('签到题');
    await page.getByTestId('wizard-create').click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.locator('.ant-modal-confirm-title', { hasText: '分钟内开始' }).waitFor();
    expect(page.url()).toMatch(/\/1\/show$/);
    await confirm.getByRole('button', { name: /仍然创建/ }).click();
    await page.waitForURL(/\/1\/success$/);
  });

  it('2. 取消报名 is offered only before the contest starts (the server refuses it later)', async () => {
    const author = await newUser('can_a');
    const rival = await newUser('can_r');
    const make = async (startMs: number) => {
      const made = await pageApi<{ competition_id: number }>(author.page, '/api/competition/user/add', {
        name: `报名测试 ${stamp} ${startMs > 0 ? '未开始' : '进行中'}`,
        type: 1,
        start_time: new Date(Date.now() + startMs).toISOString(),
        end_time: new Date(Date.now() + 2 * 3600_000).toISOString(),
        problems: [{ problem_id: 1000 }],
      });
      expect(made.code, made.message).toBe(0);
      const id = made.data.competition_id;
      expect((await pageApi(rival.page, `/api/competition/join?competition_id=${id}`)).code).toBe(0);
      return id;
    };
    const upcoming = await make(3600_000);
    const running = await make(-60_000);
    await rival.page.goto(`${env.server.url}/competition/${upcoming}`);
    await rival.page.getByTestId(`cancel-join-${upcoming}`).first().waitFor();
    await rival.page.goto(`${env.server.url}/competition/${running}`);
    await rival.page.getByText('报名测试').first().waitFor();
    // The registration state is drawn from the same answer as the 已报名 mark.
    await rival.page.getByText('已报名').first().waitFor();
    expect(await rival.page.getByTestId(`cancel-join-${running}`).count()).toBe(0);
    await rival.page.goto(`${env.server.url}/competition`);
    await rival.page.getByTestId('competition-list').waitFor();
    await rival.page.getByTestId(`cancel-join-${upcoming}`).waitFor();
    expect(await rival.page.getByTestId(`cancel-join-${running}`).count()).toBe(0);
  });

  it('3. deleting the background picture in use says so and takes it off the page at once', async () => {
    const { page } = await newUser('bgdel');
    const png = await page.screenshot({ clip: { x: 0, y: 0, width: 120, height: 80 } });
    const address = await page.evaluate(
      async (bytes) => {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'bg.png');
        const res = await fetch('/api/user/upload?status=1', {
          method: 'POST',
          body: form,
          credentials: 'include',
        });
        return ((await res.json()) as { data: string }).data;
      },
      [...png],
    );
    const set = await pageApi(
      page,
      `/api/user/picture/user/set?picture_address=${encodeURIComponent(address)}`,
    );
    expect(set.code, set.message).toBe(0);
    await page.goto(`${env.server.url}/user?tab=profile`);
    const background = page.getByTestId('site-background');
    await expect.poll(async () => (await background.getAttribute('style')) ?? '').toContain(address);
    await openSettings(page);
    const grid = page.locator('.ant-modal').getByTestId('background-grid');
    await grid.locator('.oj-bg-delete').click();
    await page.locator('.oj-popconfirm').getByRole('button', { name: '删除' }).click();
    await toast(page, '背景图片已删除').waitFor();
    await expect.poll(async () => (await background.getAttribute('style')) ?? '').not.toContain(address);
    expect((await currentUser(page)).background_picture).not.toBe(address);
  });

  it('4. a tag typed again is kept, and the field says it is already there', async () => {
    const { page } = await newUser('tags');
    await page.goto(`${env.server.url}/discussion/add`);
    const field = page.getByTestId('editor-tags');
    const input = field.locator('input');
    await input.fill('动态规划');
    await input.press('Enter');
    await field.locator('.oj-tags-chip', { hasText: '动态规划' }).waitFor();
    await input.fill('动态规划');
    await input.press('Enter');
    await toast(page, '标签「动态规划」已经添加过了').waitFor();
    expect(await field.locator('.oj-tags-chip', { hasText: '动态规划' }).count()).toBe(1);

    // The same on the profile's 常用标签 (its suggestions list open).
    await page.goto(`${env.server.url}/user?tab=profile`);
    const tags = page.getByTestId('tags-select');
    const typed = tags.locator('input');
    await typed.fill('C++');
    await typed.press('Enter');
    await tags.locator('.oj-tags-chip', { hasText: 'C++' }).waitFor();
    await typed.fill('C++');
    await typed.press('Enter');
    await toast(page, '标签「C++」已经添加过了').waitFor();
    expect(await tags.locator('.oj-tags-chip', { hasText: 'C++' }).count()).toBe(1);
  });

  it('8. a banned user is told on the 404 page that the account is banned', async () => {
    const student = await newUser('banned');
    await student.page.goto(`${env.server.url}/user?tab=profile`);
    await student.page.getByTestId('user-center').waitFor();
    const boss = await bossPage();
    const banned = await pageApi(boss, '/api/user/admin/ban', [student.uuid]);
    expect(banned.code, banned.message).toBe(0);
    await openSettings(student.page);
    await student.page.waitForURL(/\/404$/);
    await student.page.getByTestId('banned-notice').getByText('你的账号已被封禁').waitFor();
    // A visitor who simply mistyped an address is not told about bans.
    const stranger = await newPage(env);
    pages.push(stranger);
    await stranger.goto(`${env.server.url}/no-such-page`);
    await stranger.getByText('抱歉，你访问的页面不存在').waitFor();
    expect(await stranger.getByTestId('banned-notice').count()).toBe(0);
  });

  it('10. the admin problem list shows the newest problem first and sorts by id, title, time', async () => {
    const boss = await bossPage();
    const added = await pageApi<{ problem_id: number }>(boss, '/api/problem/algorithm/admin/add', {
      chinese_name: `最新的题 ${stamp}`,
      description: '输出 1。',
      difficulty: 0,
      source_name: 'original',
      time_limit: 1000,
      memory_limit: 256,
      samples: [{ input: '\n', output: '1\n' }],
    });
    expect(added.code, added.message).toBe(0);
    const refused = await pageApi(boss, '/api/problem/algorithm/search', { sort: 'bogus' });
    expect(refused.code).not.toBe(0);
    expect(refused.message).toMatch(/排序/);
    await boss.goto(`${env.server.url}/admin/problems`);
    const list = boss.getByTestId('admin-problem-list');
    const firstRow = list.locator('tbody tr.ant-table-row').first();
    await expect.poll(() => firstRow.innerText()).toContain(`最新的题 ${stamp}`);
    await list.locator('th', { hasText: '题号' }).click();
    await expect.poll(() => firstRow.innerText()).toMatch(/^\s*1000\b/);
    await list.locator('th', { hasText: '创建时间' }).waitFor();
    await list.locator('th', { hasText: '题目' }).first().click();
    await expect.poll(() => firstRow.innerText()).not.toContain(`最新的题 ${stamp}`);
  });

  it('11a. a first login is greeted 欢迎, not 欢迎回来', async () => {
    const fresh = await newUser('hello');
    await fresh.page.goto(`${env.server.url}/home`);
    const hero = fresh.page.locator('.oj-home-hero h1');
    await expect.poll(() => hero.innerText()).toMatch(/^欢迎，/);
  });

  it('11b. the code mail names the configured site, not 在线评测', async () => {
    const fresh = await newUser('mail');
    const outbox = join(env.dataDir, 'outbox');
    const mail = readdirSync(outbox).find((f) => f.endsWith(`${fresh.account}@example.com.eml`));
    const raw = readFileSync(join(outbox, mail!), 'utf8');
    const subject = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)![1].replace(/\r?\n[ \t]/g, ' ');
    const decoded = subject.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_m, enc: string, text: string) =>
      enc.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    );
    expect(decoded).toContain('【字节OJ】');
    expect(decoded).not.toContain('在线评测');
  });

  it('11c. granting the admin role names the user; the admin tables say 用户编号', async () => {
    const fresh = await newUser('grant');
    const boss = await bossPage();
    await boss.goto(`${env.server.url}/admin/admins`);
    const picker = boss.getByTestId('admin-user-picker');
    await picker.click();
    await picker.locator('input').fill(fresh.account);
    await boss.locator('.ant-select-item-option', { hasText: fresh.account }).click();
    await boss.getByRole('button', { name: '设为管理员' }).click();
    await boss
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await toast(boss, `已将「${fresh.account}」设为管理员`).waitFor();
    const table = boss.getByTestId('admin-admins');
    await table.locator('th', { hasText: '用户编号' }).waitFor();
    expect(await table.locator('th', { hasText: 'UUID' }).count()).toBe(0);
  });

  it('11d. the contest editor names the missing field in words (题目)', async () => {
    const boss = await bossPage();
    await boss.goto(`${env.server.url}/admin/competitions`);
    await boss.getByTestId('admin-new-contest').click();
    const editor = boss.locator('.ant-modal', { hasText: '新建比赛' });
    await editor.getByTestId('contest-name').fill(`无题比赛 ${stamp}`);
    await editor.getByRole('button', { name: /保\s*存/ }).click();
    await toast(boss, '至少需要一道题目').waitFor();
    expect(await boss.locator('.ant-message-notice', { hasText: 'problems' }).count()).toBe(0);
  });

  it('11e. the problem editor offers 特判, not Special Judge', async () => {
    const boss = await bossPage();
    await boss.goto(`${env.server.url}/admin/problems/new`);
    await boss.getByText('逐行比较').first().waitFor();
    expect(await boss.getByText('Special Judge').count()).toBe(0);
    await boss.getByText('特判').first().waitFor();
  });

  it('11f. the practice calendar: labels keep apart, a day says its count (desktop and 390 px)', async () => {
    const fresh = await newUser('heat');
    for (const size of [{ width: 1366, height: 820 }, PHONE]) {
      await fresh.page.setViewportSize(size);
      await fresh.page.goto(`${env.server.url}/user?tab=profile`);
      const calendar = fresh.page.getByTestId('practice-heatmap');
      await calendar.locator('rect.oj-heatmap-day').first().waitFor();
      const boxes = await calendar.evaluate((root) => {
        const box = (e: Element) => {
          const r = e.getBoundingClientRect();
          return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
        };
        return {
          weekdays: [...root.querySelectorAll('.oj-heatmap-weekday')].map(box),
          months: [...root.querySelectorAll('.oj-heatmap-month')].map(box),
          days: root.querySelectorAll('rect.oj-heatmap-day').length,
          firstDay: box(root.querySelector('rect.oj-heatmap-day')!),
        };
      });
      await calendar.screenshot({ path: join(SHOTS_DIR, `walk-heatmap-${size.width}.png`) });
      console.info(`[heatmap ${size.width}] ${JSON.stringify(boxes.weekdays)}`);
      // A day per day of the year, 周一 周三 周五 one above the other with room between them, left of
      // the days; the twelve month names side by side without touching.
      const year = new Date().getFullYear();
      expect(boxes.days).toBe(year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 366 : 365);
      expect(boxes.weekdays).toHaveLength(3);
      for (let i = 1; i < 3; i++)
        expect(boxes.weekdays[i].top - boxes.weekdays[i - 1].bottom).toBeGreaterThan(4);
      for (const w of boxes.weekdays) expect(w.right).toBeLessThanOrEqual(boxes.firstDay.left);
      expect(boxes.months).toHaveLength(12);
      for (let i = 1; i < 12; i++) expect(boxes.months[i].left).toBeGreaterThan(boxes.months[i - 1].right);
      expect(await noOverflow(fresh.page)).toBe(true);
    }
    // Tapping a day names it (a phone has no hover).
    const day = fresh.page.locator(`rect.oj-heatmap-day[data-date="${new Date().getFullYear()}-03-02"]`);
    await day.click();
    await fresh.page
      .getByTestId('practice-heatmap')
      .locator('.oj-heatmap-picked', { hasText: /-03-02：练习 0 次/ })
      .waitFor();
  });

  it('12. at 390 px the verdict, the state, the rank and the score stay on screen (the rest may scroll)', async () => {
    const author = await newUser('narrow');
    const made = await pageApi<{ competition_id: number }>(author.page, '/api/competition/user/add', {
      name: `手机上的比赛 ${stamp}`,
      type: 1,
      start_time: new Date(Date.now() - 60_000).toISOString(),
      end_time: new Date(Date.now() + 2 * 3600_000).toISOString(),
      problems: [{ problem_id: 1000 }, { problem_id: 1001 }, { problem_id: 1002 }],
    });
    expect(made.code, made.message).toBe(0);
    const id = made.data.competition_id;
    expect((await pageApi(author.page, `/api/competition/join?competition_id=${id}`)).code).toBe(0);
    const sent = await pageApi(author.page, '/api/problem/algorithm/judge/submit', {
      problem_id: 1000,
      language: 'Python3',
      source_code: 'print(sum(map(int, open(0).read().split())))',
    });
    expect(sent.code, sent.message).toBe(0);
    await author.page.setViewportSize(PHONE);
    // The layout settles once the page knows the screen is narrow: poll, then hold to the bounds.
    const onScreen = async (what: string, cell: ReturnType<Page['locator']>) => {
      await cell.waitFor();
      const right = async () => {
        const box = (await cell.boundingBox())!;
        return box.x >= 0 ? box.x + box.width : Infinity;
      };
      await expect
        .poll(right, { message: `${what} on screen`, timeout: 5000 })
        .toBeLessThanOrEqual(PHONE.width);
    };
    const nothingWide = () =>
      author.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

    await author.page.goto(`${env.server.url}/records`);
    await onScreen('verdict', author.page.getByTestId('records-table').getByTestId('verdict').first());
    expect(await nothingWide()).toBe(true);

    await author.page.goto(`${env.server.url}/competition`);
    const row = author.page
      .getByTestId('competition-list')
      .locator('tr', { hasText: `手机上的比赛 ${stamp}` });
    await row.waitFor();
    await author.page.locator('.oj-loading-overlay').waitFor({ state: 'detached' });
    await shot(author.page, 'walk-contests-390');
    await onScreen('state', row.getByTestId('countdown'));
    expect(await nothingWide()).toBe(true);

    await author.page.goto(`${env.server.url}/competition/${id}`);
    await author.page.locator('.oj-loading-overlay').waitFor({ state: 'detached' });
    const board = author.page.getByTestId('scoreboard');
    await expect
      .poll(async () => {
        await author.page.getByRole('tab', { name: '排名' }).click();
        return board.isVisible();
      })
      .toBe(true);
    await onScreen('rank', board.locator('tbody tr.ant-table-row').first().locator('td').first());
    await onScreen('solved', board.getByTestId('solved').first());
    expect(await nothingWide()).toBe(true);
  });
});
