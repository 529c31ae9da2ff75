import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { aceIn, BOSS, pickNative, registerViaApi, shot, signedInPage, startEnv, type Env } from './support';

// The solving page kept alive across navigation (same DOM, same editor, same custom-test output),
// the eviction beyond three kept pages, and records that follow an admin's rejudge live: the record
// page, the solving page's live result and 我的提交, without a reload. Each case opens its own
// page and brings problem 1000 to the state it starts from: they pass in any order, and alone.
let env: Env;
let page: Page;
let admin: Page;
const stamp = Date.now().toString(36);
const student = { account: `keeper_${stamp}`, password: 'Keeper-pass-1' };
const PY_AB = 'print(sum(map(int, open(0).read().split())))';
const P = '/api/problem/algorithm';

/** The solving page on screen (kept ones that are hidden also exist in the DOM). */
const shown = (p: Page) => p.locator('[data-keep-alive]:not([hidden])');

/** An admin call from the admin's browser (its session cookie), as the management site makes it. */
async function adminCall(path: string, body?: unknown) {
  const res = await admin.evaluate(
    async ([url, json]) => {
      const r = await fetch(url, {
        method: 'POST',
        credentials: 'include',
        headers: json === undefined ? {} : { 'content-type': 'application/json' },
        body: json === undefined ? undefined : JSON.stringify(json),
      });
      return (await r.json()) as { code: number; message: string };
    },
    [path, body] as const,
  );
  expect(res.code, res.message).toBe(0);
}

/** A+B's tests, the last one ("1 2") expecting `answer`: a WA still runs them all, which takes a while. */
const setAnswer = (answer: string) =>
  adminCall(`${P}/admin/testCase/add?problem_id=1000`, [
    ...[3, 4, 5, 6, 7].map((n) => ({ input: `${n} ${n}\n`, output: `${2 * n}\n` })),
    { input: '1 2\n', output: `${answer}\n` },
  ]);

/** The width Ace laid its text out for (0 when it measured a hidden box). */
const aceWidth = (p: Page) =>
  shown(p)
    .locator('.ace_editor')
    .evaluate(
      (el) =>
        (el as HTMLElement & { env: { editor: { renderer: { $size: { scrollerWidth: number } } } } }).env
          .editor.renderer.$size.scrollerWidth,
    );

/** The verdict the element shows now and every one it shows from now on (PD included, however briefly). */
async function recordVerdicts(p: Page, testId: string) {
  await p.evaluate((id) => {
    const w = window as unknown as { seen: string[] };
    const now = () => document.querySelector(`[data-testid="${id}"]`)?.getAttribute('data-verdict');
    w.seen = [now() ?? ''];
    new MutationObserver(() => {
      const v = now();
      if (v && w.seen.at(-1) !== v) w.seen.push(v);
    }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  }, testId);
  return () => p.evaluate(() => (window as unknown as { seen: string[] }).seen);
}

/** Opens the solving page of `problemId` from the bank and writes `code` in Python3. */
async function openSolvingPage(p: Page, problemId: number, code: string) {
  await p.goto(`${env.server.url}/home`);
  await p.getByRole('link', { name: '题库', exact: true }).first().click();
  await p.getByTestId('problem-link').getByText(`${problemId}.`).click();
  await p.waitForURL(new RegExp(`/problems/algorithm/${problemId}$`));
  await pickNative(shown(p), 'language-select', 'Python3');
  await (await aceIn(shown(p))).click();
  await p.keyboard.press('Control+A');
  await p.keyboard.press('Delete');
  await p.keyboard.insertText(code);
}

/** Submits A+B from its solving page (tests as seeded: accepted) and opens the record; answers its id. */
async function submitAndOpenRecord(p: Page): Promise<number> {
  await setAnswer('3');
  await openSolvingPage(p, 1000, PY_AB);
  const stream = p.waitForRequest(/records\/stream\?submission_id=\d+&follow=1/);
  await shown(p).getByTestId('submit').click();
  await stream;
  await shown(p).locator('[data-testid="final-verdict"][data-verdict="AC"]').waitFor({ timeout: 60_000 });
  // The record page follows the submission on a stream of its own: a rejudge is seen live (its
  // 评测中 included) only once that stream is open, so the caller's rejudge waits for it.
  const following = p.waitForResponse((r) => /records\/stream\?submission_id=\d+&follow=1/.test(r.url()));
  await shown(p).getByTestId('record-link').click();
  await p.waitForURL(/\/problems\/1000\/records\/\d+$/);
  await p.locator('[data-testid="record-verdict"][data-verdict="AC"]').waitFor();
  await following;
  return Number(/records\/(\d+)$/.exec(p.url())![1]);
}

beforeAll(async () => {
  env = await startEnv({ seedDemo: true });
  await registerViaApi(env, student.account, student.password);
  admin = await signedInPage(env, BOSS.account, BOSS.password);
});
beforeEach(async () => {
  page = await signedInPage(env, student.account, student.password);
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') {
    console.error(`[browser] failed at ${page.url()}`);
    await shot(page, `failed-keep-alive-${ctx.task.name.replace(/\W+/g, '-').slice(0, 40)}`);
  }
  await page.context().close();
});
afterAll(async () => {
  await env?.close();
});

describe('kept solving pages and live rejudges', () => {
  it('keeps the solving page mounted while the user visits the bank', async () => {
    await openSolvingPage(page, 1000, PY_AB);
    await shown(page)
      .getByTestId('solve-page')
      .evaluate((el) => ((el as HTMLElement & { marker?: string }).marker = 'first mount'));
    await shown(page).getByTestId('custom-input').fill('20 22');
    await shown(page).getByTestId('run-test').click();
    await expect
      .poll(async () => (await shown(page).getByTestId('custom-output').innerText()).trim(), {
        timeout: 45_000,
      })
      .toBe('42');
    const editorWidth = await aceWidth(page);
    expect(editorWidth).toBeGreaterThan(300);

    await page.getByRole('link', { name: '题库', exact: true }).first().click();
    await page.getByTestId('problem-bank').waitFor();
    // Hidden, inert, and quiet: no title, no focus inside.
    await expect.poll(() => page.title()).toBe('题库 - 字节OJ');
    const kept = page.locator('[data-keep-alive="/problems/algorithm/1000"]');
    expect(await kept.evaluate((el: HTMLElement) => [el.hidden, el.inert])).toEqual([true, true]);
    expect(await kept.evaluate((el) => el.contains(document.activeElement))).toBe(false);
    await page.keyboard.type('xyz'); // typing on the bank must not reach the hidden editor

    await page.goBack();
    await page.waitForURL(/\/problems\/algorithm\/1000$/);
    expect(
      await shown(page)
        .getByTestId('solve-page')
        .evaluate((el) => (el as HTMLElement & { marker?: string }).marker),
    ).toBe('first mount'); // the same element: not mounted again
    await expect.poll(() => shown(page).locator('.ace_content').innerText()).toBe(PY_AB);
    expect(await shown(page).getByTestId('language-select').inputValue()).toBe('Python3');
    expect((await shown(page).getByTestId('custom-output').innerText()).trim()).toBe('42');
    expect((await shown(page).getByTestId('custom-input').inputValue()).trim()).toBe('20 22');
    await expect.poll(() => page.title()).toBe('1000. A+B 问题 - 算法题');
    // Ace lays itself out again at its full width once shown.
    await expect.poll(async () => Math.abs((await aceWidth(page)) - editorWidth)).toBeLessThan(1);
    await shot(page, 'keep-alive-back');
  });

  it('shows an admin rejudge on the open record page without a reload', async () => {
    const submissionId = await submitAndOpenRecord(page);
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    const seen = await recordVerdicts(page, 'record-verdict');

    await setAnswer('4'); // now "1 2" expects 4: the submission is wrong
    await adminCall(`${P}/admin/rejudge?submission_id=${submissionId}`);
    await page.locator('[data-testid="record-verdict"][data-verdict="WA"]').waitFor({ timeout: 60_000 });
    expect(await seen()).toEqual(['AC', 'PD', 'WA']); // flipped to 评测中 first
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
      true,
    );
    expect(await page.getByTestId('test-table').locator('tbody tr').count()).toBe(6);
    await shot(page, 'keep-alive-record-rejudged', true);
  });

  it('the kept solving page catches up, and 我的提交 follows a problem rejudge live', async () => {
    const submissionId = await submitAndOpenRecord(page);
    await setAnswer('4'); // now "1 2" expects 4: the submission is wrong
    await adminCall(`${P}/admin/rejudge?submission_id=${submissionId}`);
    await page.locator('[data-testid="record-verdict"][data-verdict="WA"]').waitFor({ timeout: 60_000 });
    await page.goBack();
    await page.waitForURL(/\/problems\/algorithm\/1000$/);
    // Hidden while the rejudge ran: shown again, its live result says what happened meanwhile.
    await shown(page).locator('[data-testid="final-verdict"][data-verdict="WA"]').waitFor();
    await shown(page).getByRole('tab', { name: '我的提交' }).click();
    const row = shown(page)
      .getByTestId('my-submissions')
      .locator('tr', { hasText: `#${submissionId}` });
    await row.locator('[data-testid="my-status"][data-verdict="WA"]').waitFor();
    const seen = await recordVerdicts(page, 'my-status');

    await setAnswer('3');
    await adminCall(`${P}/admin/rejudge?problem_id=1000`);
    await row.locator('[data-testid="my-status"][data-verdict="AC"]').waitFor({ timeout: 60_000 });
    expect(await seen()).toEqual(['WA', 'PD', 'AC']);
    await shown(page).getByRole('tab', { name: '评测结果' }).click();
    await shown(page).locator('[data-testid="final-verdict"][data-verdict="AC"]').waitFor();
  });

  it('keeps at most three solving pages: the least recently shown one is unmounted', async () => {
    await openSolvingPage(page, 1000, PY_AB);
    for (const id of [1001, 1002, 1003]) {
      await page.getByRole('link', { name: '题库', exact: true }).first().click();
      await page.getByTestId('problem-link').getByText(`${id}.`).click();
      await page.waitForURL(new RegExp(`/problems/algorithm/${id}$`));
      await shown(page).locator('.ace_content').waitFor();
    }
    await expect
      .poll(() =>
        page
          .locator('[data-keep-alive]')
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-keep-alive'))),
      )
      .toEqual(['/problems/algorithm/1001', '/problems/algorithm/1002', '/problems/algorithm/1003']);
    // Three mounted editors of the same language, each with its own DOM id.
    const ids = await page.locator('.ace_editor').evaluateAll((els) => els.map((e) => e.id));
    expect(new Set(ids).size, ids.join(' ')).toBe(3);
    // 1000 was dropped: coming back mounts it afresh (the code is still in localStorage).
    await page.getByRole('link', { name: '题库', exact: true }).first().click();
    await page.getByTestId('problem-link').getByText('1000. A+B 问题').click();
    await shown(page).locator('.ace_content').waitFor();
    expect(
      await shown(page)
        .getByTestId('solve-page')
        .evaluate((el) => (el as HTMLElement & { marker?: string }).marker ?? null),
    ).toBeNull();
    await expect.poll(() => shown(page).locator('.ace_content').innerText()).toBe(PY_AB);
    expect(await page.locator('[data-keep-alive]').count()).toBe(3);
  });
});
