import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { apiLogin, BOSS, createFromWizard, type Env, pageApi, shot, startEnv } from './support';

// Phones (issue 16): every main route of both sites at 390×844 keeps to the screen's width (the
// document never scrolls sideways) and shows its main action, usable: the bank's keyword box, 提交评测
// after switching the solving page to 代码, the management menu from its drawer. A few pages again at
// 1440×900 so that the desktop layout stays as it was. One browser, one server, one login per role.
let env: Env;
let base = '';
let user: Page; // demo_alice on the user site
let admin: Page; // the boss on the management site
let anon: Page; // nobody logged in
const contexts: BrowserContext[] = [];
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const SHOTS = process.env.OJ_PHONE_SHOTS === '1';

/** Ids the dynamic routes need, from the seeded demo and from what beforeAll makes. */
const ids = { uuid: 0, post: 0, plan: 0, course: 0, question: 0, contest: 0, record: 0, contestRecord: 0 };

async function contextPage(session: string | null, viewport = PHONE): Promise<Page> {
  const context = await env.browser.newContext({
    viewport,
    locale: 'zh-CN',
    isMobile: false,
    hasTouch: true,
  });
  contexts.push(context);
  if (session) await context.addCookies([{ name: 'oj_session', value: session, url: base }]);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.on('pageerror', (e) => console.error(`[browser] ${e.message}`));
  await page.goto(`${base}/api/health`);
  return page;
}

const PY_AB = 'print(sum(map(int, open(0).read().split())))';

/** Waits for a submission's verdict (the demo judge runs in-process, in the sandbox). */
async function judged(p: Page, submissionId: number) {
  const path = `/api/problem/algorithm/records/recordId?submission_id=${submissionId}`;
  for (let i = 0; i < 300; i++) {
    const status = (await pageApi<{ status: string }>(p, path, undefined, 'GET')).data?.status;
    if (status && status !== 'PD') return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`submission ${submissionId} not judged`);
}

beforeAll(async () => {
  env = await startEnv({ seedDemo: true, seedDemoCommunity: true });
  base = env.server.url;
  user = await contextPage(await apiLogin(env, 'demo_alice', 'demo123456'));
  admin = await contextPage(await apiLogin(env, BOSS.account, BOSS.password));
  anon = await contextPage(null);

  ids.uuid = (await pageApi<{ uuid: number }>(user, '/api/user/current', undefined, 'GET')).data.uuid;
  const posts = await pageApi<{ records: { post_id: number }[] }>(user, '/api/posts/search', {
    pageNum: 1,
    pageSize: 5,
  });
  ids.post = posts.data.records[0].post_id;
  const home = await pageApi<{ id: number; kind: string }[]>(user, '/api/study/home', undefined, 'GET');
  ids.plan = home.data.find((c) => c.kind === 'plan')!.id;
  ids.course = home.data.find((c) => c.kind === 'course')!.id;
  const joined = await pageApi(user, '/api/course/join', { course_id: ids.plan });
  expect(joined.code, joined.message).toBe(0);
  const questions = await pageApi<{ records: { question_id: number; type: string }[] }>(
    user,
    '/api/problem/math408/search',
    { pageNum: 1, pageSize: 20 },
  );
  ids.question = questions.data.records[0].question_id;

  const contest = await pageApi<{ competition_id: number }>(user, '/api/competition/user/add', {
    name: '手机周赛',
    type: 1,
    start_time: new Date(Date.now() - 60_000).toISOString(),
    end_time: new Date(Date.now() + 2 * 3600_000).toISOString(),
    problems: [{ problem_id: 1000 }, { problem_id: 1008 }],
  });
  expect(contest.code, contest.message).toBe(0);
  ids.contest = contest.data.competition_id;
  await pageApi(user, `/api/competition/join?competition_id=${ids.contest}`);

  const submit = (json: object) =>
    pageApi<{ submission_id: number }>(user, '/api/problem/algorithm/judge/submit', {
      language: 'Python3',
      source_code: PY_AB,
      ...json,
    });
  const bank = await submit({ problem_id: 1000 });
  expect(bank.code, bank.message).toBe(0);
  ids.record = bank.data.submission_id;
  const inContest = await submit({ problem_id: 1000, competition_id: ids.contest, index: 0 });
  expect(inContest.code, inContest.message).toBe(0);
  ids.contestRecord = inContest.data.submission_id;
  await judged(user, ids.record);
  await judged(user, ids.contestRecord);
}, 120_000);

afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') {
    for (const [name, p] of [
      ['user', user],
      ['admin', admin],
      ['anon', anon],
    ] as const) {
      console.error(`[browser] ${name} at ${p.url()}`);
      await shot(p, `failed-phone-${name}`);
    }
  }
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await env?.close();
});

/**
 * The document's width, and the elements that stick out of the window on the right without a box
 * that scrolls or clips them (what a reader would see cut off even when the document keeps its width).
 */
async function overflow(p: Page) {
  return p.evaluate(() => {
    const width = window.innerWidth;
    const scrollWidth = document.documentElement.scrollWidth;
    const clipped = (el: Element) => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const ox = getComputedStyle(a).overflowX;
        if (ox !== 'visible' && a.getBoundingClientRect().right <= width + 1) return true;
      }
      return false;
    };
    const culprits: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const r = el.getBoundingClientRect();
      if (
        r.right <= width + 1 ||
        r.width === 0 ||
        r.left >= width ||
        getComputedStyle(el).visibility === 'hidden'
      )
        continue;
      if (clipped(el)) continue;
      const cls =
        typeof el.className === 'string' ? el.className.split(' ').filter(Boolean).slice(0, 2).join('.') : '';
      const text = (el.textContent ?? '').trim().slice(0, 12);
      culprits.push(`${el.tagName.toLowerCase()}${cls ? '.' + cls : ''}[${text}](${Math.round(r.right)})`);
      if (culprits.length >= 5) break;
    }
    return { width, scrollWidth, culprits };
  });
}

/** Loading is over: no visible skeleton or spinning indicator, no boot overlay. */
async function settled(p: Page) {
  await p.waitForFunction(
    () =>
      ![
        ...document.querySelectorAll('.ant-skeleton, .oj-skeleton, .ant-spin-spinning, .oj-loading-overlay'),
      ].some((el) => el.getClientRects().length > 0),
    undefined,
    { timeout: 15_000 },
  );
}

const siteOf = (path: string) => (path.startsWith('/admin') ? 'admin' : 'user');

/**
 * Opens a route and checks it (below). Answers the main action. Within one site the route opens
 * as a link would (the router, no reload), which is both what a reader does and faster; the
 * first page of a site loads for real.
 */
async function visit(p: Page, path: string, main: (p: Page) => Locator): Promise<Locator> {
  const here = new URL(p.url());
  if (here.origin === base && !here.pathname.startsWith('/api') && siteOf(here.pathname) === siteOf(path)) {
    await p.evaluate((to) => {
      // The page being left: gone (or hidden, if kept alive) before the next one is measured.
      if (new URL(to, location.href).pathname !== location.pathname)
        for (const el of document.querySelectorAll(
          '.oj-main .oj-page-fade, .oj-main [data-keep-alive], .adm-content > *',
        ))
          el.setAttribute('data-left', '');
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await p.waitForFunction(
      () => ![...document.querySelectorAll('[data-left]')].some((el) => el.getClientRects().length > 0),
    );
  } else {
    await p.goto(`${base}${path}`);
  }
  return check(p, path, main);
}

/**
 * Waits for the page's main action and for loading to end, then checks that the document keeps to
 * the window's width and that the main action is on screen. Failures are collected in `problems`.
 */
async function check(p: Page, label: string, main: (p: Page) => Locator): Promise<Locator> {
  const action = main(p).filter({ visible: true }).first();
  await action.waitFor({ state: 'visible' });
  await settled(p);
  const o = await overflow(p);
  if (SHOTS)
    await shot(p, `phone-${o.width}-${label.replace(/[^\w\u4e00-\u9fff]+/g, '-').slice(1, 50) || 'root'}`);
  if (o.scrollWidth > o.width) problems.push(`${label}: the document is ${o.scrollWidth} px wide`);
  if (o.culprits.length) problems.push(`${label}: cut off at the right: ${o.culprits.join(' ')}`);
  const box = await action.boundingBox();
  if (!box || box.x < 0 || box.x + Math.min(box.width, 40) > o.width)
    problems.push(`${label}: main action off screen`);
  return action;
}

/** What the routes of one case got wrong; the case fails once, naming them all. */
let problems: string[] = [];
beforeEach(() => {
  problems = [];
});
const noProblems = () => expect(problems, problems.join('\n')).toEqual([]);

const testId = (id: string) => (p: Page) => p.getByTestId(id);

/** Every route of the user site with demo data, and what shows that it works. */
const userRoutes = (): [string, (p: Page) => Locator][] => [
  ['/home', testId('home-page')],
  ['/introduction', (p) => p.getByRole('heading', { name: '网站介绍' })],
  ['/requirements', testId('new-requirement')],
  ['/requirements/add', testId('editor-submit')],
  ['/404', (p) => p.getByRole('button', { name: '返回首页' })],
  ['/user', testId('user-center')],
  ['/user?tab=competition', testId('competition-tab')],
  ['/user?tab=orders', testId('orders-tab')],
  ['/user?tab=courses', testId('my-courses')],
  ['/user?tab=social', testId('social-tab')],
  [`/user/space/${ids.uuid}`, testId('user-space')],
  ['/notifications', testId('read-all')],
  ['/posts', testId('post-search')],
  [`/posts/${ids.post}`, testId('post-thumb')],
  ['/posts/1000/answer/add', testId('editor-submit')],
  ['/posts/1000/solution/add', testId('editor-submit')],
  ['/competition', testId('create-contest')],
  ['/competition/rank', testId('rating-rank')],
  [`/competition/${ids.contest}`, testId('contest-problems')],
  [`/competition/${ids.contest}/records/${ids.contestRecord}`, testId('contest-record-page')],
  ['/competition/user/add/2', testId('other-kind-page')],
  ['/study', testId('study-home')],
  [`/study/${ids.plan}`, testId('study-plan')],
  [`/course/${ids.course}`, testId('study-plan')],
  ['/discussion', testId('new-discussion')],
  ['/discussion/add', testId('editor-submit')],
  ['/search/A%2BB', testId('search-page')],
  ['/together/search?keyword=A%2BB', testId('together-search')],
  ['/problems', testId('bank-keyword')],
  ['/problems?bank=math408', testId('question-link')],
  [`/problems/1000/records/${ids.record}`, testId('record-page')],
  [`/problems/math408/${ids.question}`, testId('answer-submit')],
  ['/special', testId('special-page')],
  ['/game', testId('game-board')],
  ['/code-replay', testId('replay-list-page')],
  ['/snippets', testId('snippets-page')],
  ['/records', testId('records-filters')],
  ['/markdown', testId('md-new')],
  ['/data-structure-animation', testId('algo-select')],
];

/** Every route of the management site with demo data. */
const adminRoutes = (): [string, (p: Page) => Locator][] => [
  ['/admin/users', testId('admin-users')],
  ['/admin/admins', testId('admin-admins')],
  ['/admin/problems', testId('new-problem')],
  ['/admin/problems/import', testId('import-start')],
  ['/admin/problems/new', testId('save-problem')],
  ['/admin/problems/1000/edit', testId('save-problem')],
  ['/admin/math408', testId('new-question')],
  ['/admin/math408/new', testId('save-question')],
  [`/admin/math408/${ids.question}/edit`, testId('save-question')],
  ['/admin/competitions', testId('admin-new-contest')],
  ['/admin/announcements', testId('admin-announcements')],
  ['/admin/clarifications', testId('admin-clarifications')],
  ['/admin/similarity', testId('admin-similarity')],
  ['/admin/posts', testId('posts-admin')],
  ['/admin/courses', testId('new-course')],
  ['/admin/courses/new', testId('save-course')],
  [`/admin/courses/${ids.course}/edit`, testId('save-course')],
  ['/admin/reports', testId('admin-reports')],
  ['/admin/mutes', testId('admin-mutes')],
  ['/admin/orders', testId('admin-orders')],
  ['/admin/languages', testId('languages-admin')],
];

describe('phones, user site', () => {
  it('keeps every page to the screen width with its main action in reach', async () => {
    for (const [path, main] of userRoutes()) await visit(user, path, main);
    // A visitor's pages differ (the home page's hero, the login form, a course's buy button).
    await visit(anon, '/home', testId('home-page'));
    await visit(anon, '/user/login', (p) => p.getByRole('button', { name: /登\s*陆/ }));
    await visit(anon, `/course/${ids.course}`, testId('study-plan'));
    noProblems();
  }, 120_000);

  it('folds the top bar into a drawer: links, 更多, search and the avatar menu', async () => {
    await visit(user, '/home', testId('home-page'));
    await expect.poll(() => user.locator('.oj-topnav-menu').isVisible()).toBe(false);
    await user.getByRole('button', { name: '打开导航' }).click();
    const drawer = user.getByTestId('nav-drawer');
    await drawer.waitFor();
    // A panel of the window's height over the page (not clipped into the bar), the page dimmed.
    const panel = (await drawer.boundingBox())!;
    expect(panel.height).toBe(PHONE.height);
    expect(panel.width).toBeGreaterThan(280);
    expect(await user.locator('.oj-drawer-mask').boundingBox()).toMatchObject({ width: 390, height: 844 });
    if (SHOTS) await shot(user, 'phone-390-nav-drawer');
    for (const label of ['首页', '题库', '学习', '竞赛', 'Byte专栏', '网站介绍', '需求模块'])
      await drawer.getByRole('link', { name: label, exact: true }).waitFor();
    await drawer.getByRole('link', { name: '竞赛', exact: true }).click();
    await user.waitForURL(/\/competition$/);
    await drawer.waitFor({ state: 'hidden' });

    // The keyword box of the drawer opens the grouped results.
    await user.getByRole('button', { name: '打开导航' }).click();
    const search = drawer.getByRole('searchbox');
    await search.fill('A+B');
    await search.press('Enter');
    await user.waitForURL(/\/together\/search\?keyword=A%2BB/);
    await user.getByTestId('together-search').waitFor();

    // 设置 (the bottom bar's, which a finger cannot reach by hovering) opens from the drawer.
    await user.getByRole('button', { name: '打开导航' }).click();
    await drawer.getByRole('button', { name: '设置' }).click();
    const dialog = user.getByRole('dialog', { name: '设置' });
    await dialog.getByTestId('background-grid').waitFor();
    await check(user, 'settings dialog', () => dialog.getByTestId('background-grid'));
    await user.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // The avatar menu stays in the bar.
    await user.getByTestId('avatar-menu').click();
    await user.getByRole('menuitem', { name: '个人中心' }).click();
    await user.waitForURL(/\/user$/);
    noProblems();
  });

  it('stacks statement and editor behind 题目 / 代码 on the solving pages', async () => {
    const solve = async (path: string) => {
      await visit(user, path, (p) => p.getByRole('tab', { name: '题目', exact: true }));
      // The page on screen (the bank's solving page stays alive, hidden, behind the contest's).
      const solvePage = user.getByTestId('solve-page').filter({ visible: true });
      const editor = solvePage.getByTestId('code-editor');
      const statement = solvePage.getByTestId('statement');
      expect(await editor.isVisible()).toBe(false);
      expect(await statement.isVisible()).toBe(true);
      // Read to the end of the statement: the switch stays in reach (sticky under the bar).
      await user.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect.poll(() => user.evaluate(() => window.scrollY)).toBeGreaterThan(300);
      const codeTab = solvePage.getByRole('tab', { name: '代码', exact: true });
      const tb = (await codeTab.boundingBox())!;
      expect(tb.y >= 56 && tb.y + tb.height <= PHONE.height).toBe(true);
      await codeTab.click();
      // Ace comes with the first touch (the plain box holds the code until then); once loaded, it
      // is drawn at once on the next solving page.
      const plain = editor.getByTestId('code-plain');
      if (await plain.count()) await plain.tap();
      await editor.locator('.ace_content').waitFor();
      if (SHOTS) await shot(user, `phone-390-code-${path.replace(/\W+/g, '-').slice(1, 40)}`);
      expect(await statement.isVisible()).toBe(false);
      // Ace laid itself out at the phone's width once shown, and it takes typing.
      const box = (await editor.boundingBox())!;
      expect(box.width).toBeGreaterThan(300);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      await editor.locator('.ace_content').click();
      await user.keyboard.press('Control+End');
      await user.keyboard.type('// phone');
      await expect.poll(() => editor.locator('.ace_content').innerText()).toContain('// phone');
      const submit = solvePage.getByTestId('submit');
      await submit.scrollIntoViewIfNeeded();
      expect(await submit.isEnabled()).toBe(true);
      const sb = (await submit.boundingBox())!;
      expect(sb.x >= 0 && sb.x + sb.width <= 390).toBe(true);
      expect((await overflow(user)).scrollWidth).toBeLessThanOrEqual(390);
      await solvePage.getByRole('tab', { name: '题目', exact: true }).click();
      await statement.waitFor();
    };
    await solve('/problems/algorithm/1000');
    await solve(`/competition/${ids.contest}/problem/0`);

    // The contest's other tabs: the scoreboard and my submissions are tables.
    await visit(user, `/competition/${ids.contest}`, testId('contest-problems'));
    for (const [tab, main] of [
      ['排名', 'scoreboard'],
      ['我的提交', 'contest-records'],
      ['答疑', 'clarify-tab'],
    ] as const) {
      await user.getByRole('tab', { name: tab }).click();
      await check(user, `/competition/${ids.contest} ${tab}`, testId(main));
    }
    await user.getByRole('tab', { name: '题目', exact: true }).click();

    // The contest wizard, step by step.
    await visit(user, '/competition/user/add/1/info', testId('wizard-next'));
    await user.getByTestId('contest-name').fill('手机上建的比赛');
    await user.getByTestId('wizard-next').click();
    await user.waitForURL(/\/1\/select$/);
    await check(user, '/competition/user/add/1/select', testId('wizard-search'));
    await user.getByTestId('wizard-bank').locator('input[type=checkbox]').first().check();
    await user.getByTestId('wizard-next').click();
    await user.waitForURL(/\/1\/show$/);
    await check(user, '/competition/user/add/1/show', testId('wizard-create'));
    await createFromWizard(user);
    await check(user, '/competition/user/add/1/success', testId('open-created'));
    noProblems();
  }, 90_000);
});

describe('phones, management site', () => {
  it('keeps every page to the screen width; the menu opens from a drawer', async () => {
    for (const [path, main] of adminRoutes()) await visit(admin, path, main);
    await visit(anon, '/admin/login', (p) => p.getByRole('button', { name: /登\s*陆/ }));

    // A dialog with a table inside (the contest editor) keeps to the screen as well.
    await visit(admin, '/admin/competitions', testId('admin-new-contest'));
    await admin.getByTestId('admin-new-contest').click();
    await check(admin, '/admin/competitions dialog', (p) =>
      p.getByRole('dialog').getByRole('button', { name: /保\s*存|创\s*建|确\s*定/ }),
    );
    await admin.keyboard.press('Escape');
    await admin.getByRole('dialog').waitFor({ state: 'hidden' });

    await visit(admin, '/admin/users', testId('admin-users'));
    await admin.getByRole('button', { name: '打开菜单' }).click();
    const drawer = admin.getByTestId('admin-drawer');
    await drawer.getByRole('menuitem', { name: '用户管理' }).waitFor();
    if (SHOTS) {
      await admin.waitForFunction(() => !document.querySelector('[class*="panel-motion-left"]'));
      await shot(admin, 'phone-390-admin-drawer');
    }
    await drawer.getByRole('menuitem', { name: '课程管理' }).click();
    await admin.waitForURL(/\/admin\/courses$/);
    await drawer.waitFor({ state: 'hidden' });
    await admin.getByTestId('new-course').waitFor();
    noProblems();
  }, 90_000);
});

describe('desktop', () => {
  it('keeps the wide layout at 1440×900: side by side, no drawer buttons', async () => {
    const wide = await contextPage(await apiLogin(env, 'demo_alice', 'demo123456'), DESKTOP);
    const routes = SHOTS
      ? userRoutes()
      : userRoutes().filter(([path]) => ['/home', '/problems', '/user'].includes(path));
    for (const [path, main] of routes) await visit(wide, path, main);
    await expect.poll(() => wide.locator('.oj-topnav-menu').isVisible()).toBe(true);
    expect(await wide.getByRole('button', { name: '打开导航' }).count()).toBe(0);

    await visit(wide, '/problems/algorithm/1000', testId('submit'));
    // Statement and editor side by side, both on screen, no 题目 / 代码 switch.
    const st = (await wide.getByTestId('statement').boundingBox())!;
    const ed = (await wide.getByTestId('code-editor').boundingBox())!;
    expect(ed.x).toBeGreaterThan(st.x + st.width - 1);
    expect(await wide.getByRole('tab', { name: '代码', exact: true }).isVisible()).toBe(false);

    const wideAdmin = await contextPage(await apiLogin(env, BOSS.account, BOSS.password), DESKTOP);
    const adminList = SHOTS ? adminRoutes() : adminRoutes().slice(0, 1);
    for (const [path, main] of adminList) await visit(wideAdmin, path, main);
    await wideAdmin.locator('.ant-layout-sider').getByRole('menuitem', { name: '课程管理' }).waitFor();
    expect(await wideAdmin.getByRole('button', { name: '打开菜单' }).count()).toBe(0);
    noProblems();
  }, 90_000);
});
