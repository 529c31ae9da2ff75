import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  aceIn,
  BOSS,
  createFromWizard,
  type Env,
  registerViaApi,
  shot,
  signedInPage,
  startEnv,
  untilStill,
} from './support';

// Competitions on the real server (demo problems seeded, judge in-process, real sandbox) and the real
// built dist: a student creates a contest with two bank problems through the four-step wizard; in a
// running contest a rival joins and gets an AC, and the author's open scoreboard shows it without reload.
// Every case has its own author and rival (new accounts) and makes its own contests: the cases pass
// in any order, and alone.
let env: Env;
let author: Page;
let rival: Page;
const stamp = Date.now().toString(36);
let users = 0;
let rivalAccount = { account: '', password: 'Rival-pass-1' };

beforeAll(async () => {
  env = await startEnv({ seedDemo: true });
}, 120_000);
beforeEach(async () => {
  users++;
  const authorAccount = { account: `author_${stamp}_${users}`, password: 'Author-pass-1' };
  rivalAccount = { account: `rival_${stamp}_${users}`, password: 'Rival-pass-1' };
  for (const who of [authorAccount, rivalAccount]) await registerViaApi(env, who.account, who.password);
  author = await signedInPage(env, authorAccount.account, authorAccount.password);
  rival = await signedInPage(env, rivalAccount.account, rivalAccount.password);
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') {
    console.error(`[browser] failed at ${author.url()} / ${rival.url()}`);
    await shot(author, `failed-competition-author-${ctx.task.name.replace(/\W+/g, '-').slice(0, 30)}`);
    await shot(rival, `failed-competition-rival-${ctx.task.name.replace(/\W+/g, '-').slice(0, 30)}`);
  }
  for (const p of [author, rival]) await p.context().close();
});
afterAll(async () => {
  await env?.close();
});

/** An API call from inside the page (its session cookie). */
async function api<T>(
  p: Page,
  path: string,
  init: { method?: string; json?: unknown } = {},
): Promise<{ code: number; message: string; data: T }> {
  return p.evaluate(
    async ({ path, init }) => {
      const res = await fetch(path, {
        method: init.method ?? 'POST',
        credentials: 'include',
        headers: init.json === undefined ? {} : { 'content-type': 'application/json' },
        body: init.json === undefined ? undefined : JSON.stringify(init.json),
      });
      return res.json();
    },
    { path, init },
  );
}

const PY_AB = 'print(sum(map(int, open(0).read().split())))';

/** A running contest of the author's (A+B, then 圆的面积) that the rival joined. */
const SLOW_A_PLUS_B = `#include <cstdio>
#include <ctime>
int main() {
  long long a, b;
  if (scanf("%lld %lld", &a, &b) != 2) return 1;
  clock_t t = clock();
  while (clock() - t < CLOCKS_PER_SEC * 15 / 100) {}
  printf("%lld\\n", a + b);
}
`;

async function runningContest(): Promise<number> {
  const created = await api<{ competition_id: number }>(author, '/api/competition/user/add', {
    json: {
      name: `进行中 ${stamp}`,
      type: 1,
      start_time: new Date(Date.now() - 60_000).toISOString(),
      end_time: new Date(Date.now() + 2 * 3600_000).toISOString(),
      problems: [{ problem_id: 1000 }, { problem_id: 1008 }],
    },
  });
  expect(created.code, created.message).toBe(0);
  const id = created.data.competition_id;
  expect((await api(rival, `/api/competition/join?competition_id=${id}`)).code).toBe(0);
  return id;
}

describe('competitions, user site', () => {
  it('creates a contest with two bank problems through the four-step wizard', async () => {
    await author.goto(`${env.server.url}/competition`);
    await author.getByTestId('competition-list').waitFor();
    await author.locator('.oj-loading-overlay').waitFor({ state: 'detached' });
    await author.getByTestId('create-contest').click();
    // 创建比赛 first asks for the kind (编程 / 数学 / 408).
    await author.getByTestId('create-kinds').waitFor();
    await author.getByTestId('create-kind-1').click();
    await author.waitForURL(/\/competition\/user\/add\/1\/info$/);

    // Step 1: basic information (the default times: the next full hour, two hours long).
    await author.getByTestId('contest-name').fill(`周赛 ${stamp}`);
    await author.getByTestId('contest-description').fill('# 比赛说明\n\n共两题，祝大家好运。');
    await author.getByTestId('contest-freeze').fill('30');
    await shot(author, 'competition-wizard-info');
    await author.getByTestId('wizard-next').click();
    await author.waitForURL(/\/1\/select$/);

    // Step 2: pick A+B through the search, then 高精度加法 from another search.
    const search = author.getByTestId('wizard-search').locator('input');
    await search.fill('A+B');
    await search.press('Enter');
    const bank = author.getByTestId('wizard-bank');
    await expect.poll(() => bank.locator('tbody tr.ant-table-row').count()).toBe(1);
    await bank.locator('tbody tr', { hasText: 'A+B 问题' }).locator('input[type=checkbox]').check();
    await search.fill('高精度');
    await search.press('Enter');
    await bank.locator('tbody tr', { hasText: '高精度加法' }).waitFor();
    await bank.locator('tbody tr', { hasText: '高精度加法' }).locator('input[type=checkbox]').check();
    await author.getByText('B. 高精度加法').waitFor();
    await shot(author, 'competition-wizard-select');
    await author.getByTestId('wizard-next').click();
    await author.waitForURL(/\/1\/show$/);

    // Step 3: 高精度加法 first (it becomes A), then a display title for A+B (its badge stays B).
    const order = author.getByTestId('wizard-order');
    await order.locator('tbody tr').nth(1).getByRole('button', { name: '上移' }).click();
    await expect.poll(() => order.locator('tbody tr').first().innerText()).toContain('高精度加法');
    await order.getByTestId('wizard-title-1').fill('签到');
    await shot(author, 'competition-wizard-show');
    await createFromWizard(author);
    await shot(author, 'competition-wizard-success');
    await author.getByTestId('open-created').click();
    await author.waitForURL(/\/competition\/\d+$/);
    const id = Number(/\/competition\/(\d+)$/.exec(author.url())![1]);

    // The contest as the server stored it.
    const stored = await api<{
      name: string;
      freeze_minutes: number;
      rated: boolean;
      problems: { problem_id: number; display_name: string; name: string; title: string }[];
    }>(author, `/api/competition/get?competition_id=${id}`, { method: 'GET' });
    expect(stored.code).toBe(0);
    expect(stored.data.name).toBe(`周赛 ${stamp}`);
    expect(stored.data.freeze_minutes).toBe(30);
    expect(stored.data.rated).toBe(false);
    expect(stored.data.problems).toEqual([
      { problem_id: 1007, display_name: 'A', name: '高精度加法', title: '' },
      { problem_id: 1000, display_name: 'B', name: 'A+B 问题', title: '签到' },
    ]);

    // The home: upcoming, the author (who may edit it) sees the problems, the rival does not.
    await author.getByTestId('contest-home').getByText(`周赛 ${stamp}`).waitFor();
    await author
      .getByTestId('countdown')
      .getByText(/距开始/)
      .waitFor();
    await author.getByTestId('contest-problems').getByText('高精度加法').waitFor();
    await author.getByTestId('contest-problems').getByText('签到').waitFor();
    await shot(author, 'competition-home-upcoming');
    await rival.goto(`${env.server.url}/competition/${id}`);
    await rival.getByTestId('problems-hidden').waitFor();
    await rival.getByRole('tab', { name: '公告' }).click();
    await rival.locator('.oj-markdown h1', { hasText: '比赛说明' }).waitFor();
  });

  it('shows a new AC on the open scoreboard without a reload (SSE)', async () => {
    const start = new Date(Date.now() - 60_000).toISOString();
    const end = new Date(Date.now() + 2 * 3600_000).toISOString();
    const created = await api<{ competition_id: number }>(author, '/api/competition/user/add', {
      json: {
        name: `进行中 ${stamp}`,
        type: 1,
        start_time: start,
        end_time: end,
        problems: [{ problem_id: 1000 }, { problem_id: 1008 }],
      },
    });
    expect(created.code).toBe(0);
    const id = created.data.competition_id;

    // The rival joins from the list.
    await rival.goto(`${env.server.url}/competition`);
    await rival.getByTestId(`join-${id}`).click();
    // Running: registered shows as 已报名 (取消报名 is only offered before the start, issue 29).
    await rival.getByTestId(`joined-${id}`).waitFor();
    await shot(rival, 'competition-list');

    // The author watches the scoreboard.
    await author.goto(`${env.server.url}/competition/${id}`);
    await author.getByRole('tab', { name: '排名' }).click();
    const board = author.getByTestId('scoreboard');
    await board.getByText('实时更新中').waitFor();
    await board.getByText(rivalAccount.account).waitFor();
    await expect.poll(() => board.getByTestId('solved').first().innerText()).toBe('0');
    const versionBefore = Number(await board.getAttribute('data-version'));

    // The rival submits A+B in the contest (the judge call with competition_id and index).
    const sent = await api<{ submission_id: number }>(rival, '/api/problem/algorithm/judge/submit', {
      json: { problem_id: 1000, competition_id: id, index: 0, language: 'Python3', source_code: PY_AB },
    });
    expect(sent.code).toBe(0);

    // Without any reload the author's board shows the solve, highlighted as the first one.
    await expect.poll(() => board.getByTestId('solved').first().innerText(), { timeout: 90_000 }).toBe('1');
    await board.locator('.oj-sb-cell[data-state="first"]').first().waitFor();
    expect(Number(await board.getAttribute('data-version'))).toBeGreaterThan(versionBefore);
    await shot(author, 'competition-scoreboard-live');

    // The rival's home shows the problem as solved and the submission under 我的提交.
    await rival.goto(`${env.server.url}/competition/${id}`);
    await rival.getByTestId('contest-problems').locator('[aria-label="已通过"]').waitFor();
    await rival.getByRole('tab', { name: '我的提交' }).click();
    await rival.getByTestId('contest-records').getByText(`#${sent.data.submission_id}`).waitFor();
    await shot(rival, 'competition-my-records');

    // The contest problem page: the bank's statement and editor, submitting into the contest.
    // Addresses are 1-based: /problem/2 is B.
    await rival.goto(`${env.server.url}/competition/${id}/problem/2`);
    await rival.getByTestId('statement').getByText('圆的面积').first().waitFor();
    await rival.getByTestId('code-editor').waitFor();
    expect(await rival.getByTestId('submit').isEnabled()).toBe(true);
    await shot(rival, 'competition-problem');
  }, 150_000);

  it('asks for the password when joining a protected contest and refuses a wrong one', async () => {
    const created = await api<{ competition_id: number }>(author, '/api/competition/user/add', {
      json: {
        name: `私有赛 ${stamp}`,
        type: 1,
        start_time: new Date(Date.now() + 3600_000).toISOString(),
        end_time: new Date(Date.now() + 7200_000).toISOString(),
        password: 'open-sesame',
        problems: [{ problem_id: 1000 }],
      },
    });
    expect(created.code).toBe(0);
    const id = created.data.competition_id;
    await rival.goto(`${env.server.url}/competition`);
    await rival.getByTestId(`join-${id}`).click();
    const dialog = rival.locator('.ant-modal', { hasText: '这场比赛需要密码才能报名' });
    // The dialog zooms in: typing or clicking while it still moves can miss.
    await dialog.waitFor();
    await expect.poll(() => dialog.evaluate((el) => el.getAnimations({ subtree: true }).length)).toBe(0);
    await dialog.getByTestId('join-password').fill('wrong-guess');
    const refused = rival.waitForResponse((r) => r.url().includes('/api/competition/join?'));
    await dialog.getByRole('button', { name: '报名' }).click();
    expect((await refused).status()).toBe(403);
    await rival.locator('.ant-message-notice', { hasText: /密码/ }).first().waitFor();
    await shot(rival, 'competition-join-password');
    expect(await rival.getByTestId(`cancel-join-${id}`).count()).toBe(0);
    await dialog.getByTestId('join-password').fill('open-sesame');
    await dialog.getByRole('button', { name: '报名' }).click();
    await rival.getByTestId(`cancel-join-${id}`).waitFor();
    // Cancelling is confirmed first.
    await rival.getByTestId(`cancel-join-${id}`).click();
    await rival.locator('.oj-popconfirm').getByRole('button', { name: '取消报名' }).click();
    await rival.getByTestId(`join-${id}`).waitFor();
  });

  it('offers the kinds and creates a 408 contest from the question picker', async () => {
    await rival.goto(`${env.server.url}/competition/user/add/2`);
    await rival.getByTestId('other-kind-page').getByText('创建数学比赛').waitFor();
    await rival.goto(`${env.server.url}/competition`);
    await rival.getByTestId('competition-list').waitFor();
    await rival.locator('.oj-loading-overlay').waitFor({ state: 'detached' });
    await rival.getByTestId('create-contest').click();
    await rival.getByTestId('create-kind-3').click();
    await rival.waitForURL(/\/competition\/user\/add\/3$/);
    await rival.getByTestId('other-kind-page').getByText('创建408比赛').waitFor();
    // A default time range is filled in.
    expect(await rival.locator('.ant-picker-range input').first().inputValue()).toMatch(
      /^\d{4}-\d\d-\d\d \d\d:00$/,
    );
    // Questions come from the picker, 408 ones only: #7 (a stack question), not #1 (calculus).
    const picker = rival.getByTestId('question-picker');
    await picker.getByTestId('pick-7').waitFor();
    expect(await picker.getByTestId('pick-1').count()).toBe(0);
    await picker.getByTestId('pick-7').click();
    await rival.getByTestId('picked-questions').getByText('#7').waitFor();
    await rival.getByTestId('contest-name').fill(`408 模拟 ${stamp}`);
    await shot(rival, 'competition-create-408');
    await rival.getByTestId('other-kind-create').click();
    await rival.getByTestId('open-created').click();
    await rival.waitForURL(/\/competition\/\d+$/);
    await rival.getByTestId('contest-home').getByText(`408 模拟 ${stamp}`).waitFor();
  });

  it('keeps the contest tab in the local status and clears it when leaving the competition pages', async () => {
    const id = await runningContest();
    await rival.goto(`${env.server.url}/competition/${id}`);
    await rival.getByRole('tab', { name: '我的提交' }).click();
    await rival.getByTestId('contest-records').waitFor();
    const key = `oj-competition-status-${id}`;
    expect(JSON.parse((await rival.evaluate((k) => localStorage.getItem(k), key)) ?? '{}')).toMatchObject({
      tab: 'records',
    });
    await rival.goto(`${env.server.url}/competition/rank`);
    await rival.getByTestId('rating-rank').waitFor();
    expect(await rival.evaluate((k) => localStorage.getItem(k), key)).not.toBeNull();
    await rival.locator('.oj-topnav-menu').getByText('题库', { exact: true }).click();
    await rival.waitForURL(/\/problems$/);
    expect(await rival.evaluate((k) => localStorage.getItem(k), key)).toBeNull();
  });

  it('shows the competition record card in the personal centre', async () => {
    await runningContest();
    await rival.goto(`${env.server.url}/user?tab=competition`);
    const card = rival.getByTestId('join-record-card');
    await card.getByText(`进行中 ${stamp}`).waitFor();
    await card.getByTestId('join-pages').getByText('第 1 页 / 共 1 页').waitFor();
    await shot(rival, 'competition-profile-tab', true);
    await card.getByText(`进行中 ${stamp}`).click();
    await rival.waitForURL(/\/competition\/\d+$/);
    await author.goto(`${env.server.url}/user?tab=competition`);
    await author.getByTestId('join-record-card').getByText('暂无比赛记录').waitFor();
    await author.getByTestId('join-record-card').getByRole('button', { name: '查看所有比赛' }).waitFor();
  });

  it('management: a rated contest ends, the admin recomputes the rating and exports the ranking; the rival sees the rating chart', async () => {
    const admin = await signedInPage(env, BOSS.account, BOSS.password);

    // A rated contest: the rival solves A, the author fails it, then it ends.
    const contest = {
      name: `积分赛 ${stamp}`,
      type: 1,
      start_time: new Date(Date.now() - 60_000).toISOString(),
      end_time: new Date(Date.now() + 3600_000).toISOString(),
      problems: [{ problem_id: 1000 }],
    };
    const created = await api<{ competition_id: number }>(
      admin,
      '/api/competition/admin/algorithm/add?status=1',
      { json: contest },
    );
    expect(created.code).toBe(0);
    const id = created.data.competition_id;
    const submitted = new Map<Page, number>();
    for (const [p, code] of [
      [rival, PY_AB],
      [author, 'print(0)'],
    ] as const) {
      expect((await api(p, `/api/competition/join?competition_id=${id}`)).code).toBe(0);
      const sent = await api<{ submission_id: number }>(p, '/api/problem/algorithm/judge/submit', {
        json: { problem_id: 1000, competition_id: id, index: 0, language: 'Python3', source_code: code },
      });
      expect(sent.code).toBe(0);
      submitted.set(p, sent.data.submission_id);
    }
    // Both verdicts in, then the end.
    await expect
      .poll(
        async () => {
          const rank = await api<{ records: { solved: number; cells: { state: string }[] }[] }>(
            admin,
            `/api/competition/search/rank/pageNum?competition_id=${id}&status=1`,
          );
          return rank.data.records.map((r) => `${r.solved}:${r.cells[0].state}`).join(',');
        },
        { timeout: 90_000, interval: 500 },
      )
      .toBe('1:first,0:rejected');
    // Ended now by the admin moving its end, rather than waiting for a short contest to run out.
    const ended = await api(admin, `/api/competition/admin/modify?competition_id=${id}`, {
      json: { ...contest, end_time: new Date().toISOString() },
    });
    expect(ended.code, ended.message).toBe(0);

    await admin.goto(`${env.server.url}/admin/competitions`);
    const row = admin.getByTestId('admin-competitions').locator('tr', { hasText: `积分赛 ${stamp}` });
    await row.getByText('已结束').waitFor();
    await row.getByRole('button', { name: '更多操作' }).click();
    await admin.getByRole('menuitem', { name: '重新计算 Rating' }).click();
    await admin.locator('.ant-message-notice', { hasText: '已重新计算 Rating' }).waitFor();
    await shot(admin, 'competition-admin-list');

    // The editor shows the stored contest with its problem list.
    await row.getByRole('button', { name: '编辑' }).click();
    const editor = admin.locator('.ant-modal', { hasText: `编辑比赛 #${id}` });
    await editor.locator('tr', { hasText: 'A+B 问题' }).waitFor();
    await expect.poll(() => editor.getByTestId('contest-name').inputValue()).toBe(`积分赛 ${stamp}`);
    await shot(admin, 'competition-admin-editor');
    await editor.getByRole('button', { name: '取消' }).click();

    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      row.getByTestId(`export-${id}`).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`积分赛 ${stamp}-排名.xlsx`);
    const file = join(env.dataDir, 'rank.xlsx');
    await download.saveAs(file);
    expect(readFileSync(file).subarray(0, 2).toString()).toBe('PK'); // a zip container, as .xlsx is

    // The rival's profile: the rated contest with its rating change, and the chart.
    await rival.goto(`${env.server.url}/user?tab=competition`);
    const card = rival.getByTestId('join-record-card');
    const line = card.locator('tr', { hasText: `积分赛 ${stamp}` });
    await line.getByText(/\(\+\d+\)/).waitFor();
    await rival.getByTestId('rating-chart').locator('canvas').waitFor();
    await untilStill(rival.getByTestId('rating-chart').locator('canvas')); // the chart's entry animation
    await shot(rival, 'competition-rating-chart', true);

    // Names in the colour of the rating just earned: two new contestants, +96 / −98 from 1400, so
    // the rival (1496) is a 行家 and the author (1302) a 学徒 on their contest record pages.
    for (const [p, tier, color] of [
      [rival, '行家', 'rgb(3, 168, 158)'],
      [author, '学徒', 'rgb(0, 128, 0)'],
    ] as const) {
      await p.goto(`${env.server.url}/competition/${id}/records/${submitted.get(p)}`);
      const name = p.getByTestId('record-author').locator('.oj-rating-name');
      await expect.poll(() => name.getAttribute('data-tier')).toBe(tier);
      expect(await name.evaluate((e) => getComputedStyle(e).color)).toBe(color);
    }
    await shot(rival, 'competition-record-rated-name');
    await admin.context().close();
  }, 180_000);

  it('the contest solving panel follows its submission through an admin rejudge', async () => {
    const id = await runningContest();
    await rival.goto(`${env.server.url}/competition/${id}/problem/0`);
    await aceIn(rival);
    // A+B that first burns 150 ms of CPU per test: the rejudge's PD lasts long enough to be drawn
    // (with the compile cached, a bare A+B's PD and verdict could reach the page in one render).
    await rival.evaluate((source) => {
      const el = document.querySelector('.ace_editor') as HTMLElement & {
        env: { editor: { setValue(v: string): void } };
      };
      el.env.editor.setValue(source);
    }, SLOW_A_PLUS_B);
    const stream = rival.waitForRequest(/records\/stream\?submission_id=\d+&follow=1/);
    await rival.getByTestId('submit').click();
    await stream;
    const verdict = rival.getByTestId('final-verdict');
    await verdict.waitFor({ timeout: 90_000 });
    const first = await verdict.getAttribute('data-verdict');
    const link = await rival.getByTestId('contest-record-link').innerText();
    expect(await rival.getByTestId('record-link').count()).toBe(0); // one record link: the contest's
    const submissionId = Number(/#(\d+)/.exec(link)![1]);
    // What the live result shows from now on: its verdict, or PD while there is none (judging).
    await rival.evaluate(() => {
      const w = window as unknown as { seen: string[]; notReloaded: boolean };
      const now = () =>
        document.querySelector('[data-testid="final-verdict"]')?.getAttribute('data-verdict') ?? 'PD';
      w.notReloaded = true;
      w.seen = [now()];
      new MutationObserver(() => {
        if (w.seen.at(-1) !== now()) w.seen.push(now());
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });

    const admin = await signedInPage(env, BOSS.account, BOSS.password);
    const rejudged = await api(admin, `/api/problem/algorithm/admin/rejudge?submission_id=${submissionId}`);
    expect(rejudged.code, rejudged.message).toBe(0);
    await admin.context().close();

    const seen = () => rival.evaluate(() => (window as unknown as { seen: string[] }).seen);
    await expect.poll(seen, { timeout: 90_000 }).toEqual([first, 'PD', first]);
    expect(await rival.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
      true,
    );
    await shot(rival, 'competition-solve-rejudged');
  }, 150_000);

  it('shows the join prompt, not the statement, of a running password contest until one joins', async () => {
    const created = await api<{ competition_id: number }>(author, '/api/competition/user/add', {
      json: {
        name: `密码进行赛 ${stamp}`,
        type: 1,
        start_time: new Date(Date.now() - 600_000).toISOString(),
        end_time: new Date(Date.now() + 3600_000).toISOString(),
        password: 'open-sesame',
        problems: [{ problem_id: 1000 }],
      },
    });
    expect(created.code).toBe(0);
    const id = created.data.competition_id;
    await rival.goto(`${env.server.url}/competition/${id}/problem/0`);
    const prompt = rival.getByTestId('contest-problem-need-join');
    await prompt.getByText('这场比赛设有密码，报名后才能查看题目').waitFor();
    await rival.locator('.oj-loading-overlay').waitFor({ state: 'detached' });
    expect(await rival.getByTestId('statement').count()).toBe(0);
    await shot(rival, 'competition-password-join-prompt');
    await rival.goto(`${env.server.url}/competition/${id}`);
    await rival.getByTestId('problems-need-join').waitFor();
    await rival.getByTestId('problems-need-join').getByTestId(`join-${id}`).click();
    const dialog = rival.locator('.ant-modal', { hasText: '这场比赛需要密码才能报名' });
    await dialog.getByTestId('join-password').fill('open-sesame');
    await dialog.getByRole('button', { name: '报名' }).click();
    await rival.getByTestId('contest-problems').getByText('A+B').first().waitFor();
  });
});
