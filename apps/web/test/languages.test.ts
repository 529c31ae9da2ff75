import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { BOSS, pageApi, pickNative, registerViaApi, shot, signedInPage, startEnv, type Env } from './support';

// Issue 25 on the real server and built sites: the management site's 评测语言 page (state, install
// command, factors), the problem page's per-language limits and languages, the editor's language
// list, C++ standard and O2, and the record's compiler line.
let env: Env;
let boss: Page;
let student: Page;
const stamp = Date.now().toString(36);
const who = { account: `lg_${stamp}`, password: 'Student-pass-1' };

beforeAll(async () => {
  env = await startEnv({ seedDemo: true, env: { ...process.env, OJ_LANGUAGES: 'Rust' } });
  await registerViaApi(env, who.account, who.password);
  boss = await signedInPage(env, BOSS.account, BOSS.password);
  student = await signedInPage(env, who.account, who.password);
}, 120_000);
afterAll(async () => {
  await student?.context().close();
  await boss?.context().close();
  await env?.close();
});

/** The editor's language options (a plain <select>), once it has some. */
async function languageOptions(p: Page): Promise<string[]> {
  const options = p.getByTestId('language-select').locator('option');
  await expect.poll(() => options.count()).toBeGreaterThan(0);
  return options.allTextContents();
}

describe('languages', () => {
  it('the management site shows each language and sets its factors', async () => {
    await boss.goto(`${env.server.url}/admin/languages`);
    const table = boss.getByTestId('languages-admin');
    await table.getByText('rustc 1.63').waitFor();
    const row = (name: string) => table.locator('tr', { has: boss.getByText(name, { exact: true }) });
    expect(await row('Rust').textContent()).toContain('可用');
    expect(await row('Ruby').textContent()).toContain('已安装，未启用');
    await boss.getByTestId('factors-Python3').click();
    await boss.getByTestId('time-factor').fill('3');
    await boss.getByTestId('memory-factor').fill('2');
    await boss.getByRole('button', { name: '保存' }).click();
    await expect.poll(async () => row('Python3').textContent()).toContain('×3');
    await shot(boss, 'admin-languages', true);
  });

  it('the problem page states the factors; the editor offers the site languages only', async () => {
    await student.goto(`${env.server.url}/problems/algorithm/1000`);
    await student.getByTestId('language-factors').waitFor();
    expect(await student.getByTestId('language-factors').textContent()).toMatch(
      /Python3：\d+ ms \/ \d+ MiB（×3 \/ ×2）/,
    );
    const names = await languageOptions(student);
    expect(names).toContain('Rust');
    expect(names).not.toContain('Ruby');
  });

  it('a C++20 submission without O2 keeps its options, and its record shows the compiler', async () => {
    await student.goto(`${env.server.url}/problems/algorithm/1000`);
    await pickNative(student, 'language-select', 'C++');
    await pickNative(student, 'std-select', 'C++20');
    await student.getByTestId('o2-switch').click();
    await student.getByTestId('submit').click();
    const link = student.getByTestId('record-link');
    await link.waitFor({ timeout: 60_000 });
    await link.click();
    const verdict = student.getByTestId('record-verdict');
    await expect.poll(() => verdict.getAttribute('data-verdict'), { timeout: 60_000 }).toBe('AC');
    expect(await student.getByTestId('record-language').textContent()).toBe('C++（C++20 · 无 O2）');
    expect(await student.getByTestId('record-compiler').textContent()).toMatch(
      /g\+\+ .* -std=gnu\+\+20 -pipe/,
    );
    await shot(student, 'record-compiler', true);
  });

  it('a problem that takes only C and C++ offers only them', async () => {
    const added = await pageApi<{ problem_id: number }>(boss, '/api/problem/algorithm/admin/add', {
      chinese_name: '只收 C 与 C++',
      description: 'x',
      difficulty: 0,
      source_name: 'original',
      time_limit: 1000,
      memory_limit: 256,
      languages: ['C', 'C++'],
    });
    expect(added.code, added.message).toBe(0);
    await student.goto(`${env.server.url}/problems/algorithm/${added.data.problem_id}`);
    expect(await student.getByTestId('problem-languages').textContent()).toBe('C、C++');
    expect(await languageOptions(student)).toEqual(['C', 'C++']);
  });
});
