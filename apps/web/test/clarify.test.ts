import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { BOSS, pageApi, registerViaApi, shot, signedInPage, startEnv, type Env } from './support';

// Issue 18 on the real server and the built sites: a participant asks on the contest page, the admin
// answers publicly on the management site, the answer and an announcement arrive live with the
// unread badge; the similarity page ranks a disguised copy and shows it side by side.
let env: Env;
let student: Page;
let admin: Page;
let contestId: number;
const stamp = Date.now().toString(36);
const PASSWORD = 'Student-pass-1';
const ORIGINAL = `#include <bits/stdc++.h>
using namespace std;
int gcd(int a, int b) { return b == 0 ? a : gcd(b, a % b); }
long long power(long long base, int e, long long mod) {
    long long r = 1;
    while (e > 0) {
        if (e & 1) r = r * base % mod;
        base = base * base % mod;
        e >>= 1;
    }
    return r;
}
int main() {
    int n, m;
    scanf("%d %d", &n, &m);
    long long total = 0;
    for (int i = 1; i <= n; i++) total = (total + power(i, m, 1000000007)) % 1000000007;
    printf("%lld %d\\n", total, gcd(n, m));
    return 0;
}
`;
/** The same program: renamed, functions reordered, respaced, commented. */
const DISGUISED = `#include <bits/stdc++.h>
using namespace std;
long long fastPow(long long x,int k,long long p){ // quick power
  long long acc=1;
  while(k>0){
    if(k&1) acc=acc*x%p;
    x=x*x%p;
    k>>=1;
  }
  return acc;
}
int g(int u,int v){return v==0?u:g(v,u%v);}
int main(){
  int count,exp_;
  scanf("%d %d",&count,&exp_);
  long long sum=0;
  for(int j=1;j<=count;j++) sum=(sum+fastPow(j,exp_,1000000007))%1000000007;
  printf("%lld %d\\n",sum,g(count,exp_));
  return 0;
}
`;

beforeAll(async () => {
  env = await startEnv({ seedDemo: true });
  const account = `clar_${stamp}`.slice(0, 20);
  const copier = `copy_${stamp}`.slice(0, 20);
  const uuid = await registerViaApi(env, account, PASSWORD);
  const copierId = await registerViaApi(env, copier, PASSWORD);
  admin = await signedInPage(env, BOSS.account, BOSS.password);
  student = await signedInPage(env, account, PASSWORD);
  const now = Date.now();
  const created = await pageApi<{ competition_id: number }>(admin, '/api/competition/admin/algorithm/add', {
    name: '答疑测试赛',
    description: '',
    type: 1,
    start_time: new Date(now - 10 * 60_000).toISOString(),
    end_time: new Date(now + 60 * 60_000).toISOString(),
    problems: [{ problem_id: 1000 }, { problem_id: 1001 }],
  });
  expect(created.code).toBe(0);
  contestId = created.data.competition_id;
  expect((await pageApi(student, `/api/competition/join?competition_id=${contestId}`)).code).toBe(0);
  // Two programs as the judge leaves them (judging is not under test here): a disguised copy.
  for (const [user_id, source] of [
    [uuid, ORIGINAL],
    [copierId, DISGUISED],
  ] as const)
    await env.server.ctx.db.db
      .insertInto('submissions')
      .values({
        problem_id: 1000,
        user_id,
        language: 'C++',
        source_code: source,
        code_length: source.length,
        status: 'AC',
        time_used: 1,
        memory_used: 1,
        compile_message: '',
        message: '',
        test_results: '[]',
        test_total: 0,
        judge_version: 1,
        competition_id: contestId,
        problem_index: 0,
        local_date: '2026-01-01',
        create_time: new Date(now - 5 * 60_000).toISOString(),
        judge_time: new Date(now - 5 * 60_000).toISOString(),
      })
      .execute();
}, 120_000);
afterAll(async () => {
  await env?.close();
});

async function fits(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, `${name}-mobile`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

describe('clarifications and code similarity', () => {
  it('ask, answer publicly, badge and live announcement; the similarity page shows the copy', async (ctx) => {
    ctx.onTestFailed(async () => {
      console.error(`[browser] failed at ${student.url()} / ${admin.url()}`);
      await shot(student, 'failed-clarify-student');
      await shot(admin, 'failed-clarify-admin');
    });
    await student.setViewportSize({ width: 1440, height: 900 });
    await student.goto(`${env.server.url}/competition/${contestId}`);
    await student.getByRole('tab', { name: /答疑/ }).click();
    const tab = student.getByTestId('clarify-tab');
    await tab.getByPlaceholder(/问题只有管理员能看到/).fill('输入中的 n 可以为 0 吗？');
    await tab.getByRole('button', { name: '提交问题' }).click();
    await tab.getByTestId('clarification').filter({ hasText: '输入中的 n 可以为 0 吗？' }).getByText('等待回复').waitFor();
    await shot(student, 'clarify-asked');
    await fits(student, 'clarify-asked');
    await student.getByRole('tab', { name: /题目/ }).click();

    // The admin answers on the management site, to everyone.
    await admin.setViewportSize({ width: 1440, height: 900 });
    await admin.goto(`${env.server.url}/admin/clarifications?competition_id=${contestId}`);
    const item = admin.getByTestId('admin-clarification').filter({ hasText: '输入中的 n 可以为 0 吗？' });
    await item.getByPlaceholder('回复内容').fill('不会，保证 n ≥ 1。');
    await item.getByRole('checkbox', { name: '公开给所有参赛者' }).check();
    await item.getByRole('button', { name: '回复' }).click();
    await item.getByRole('button', { name: '修改回复' }).waitFor();
    await shot(admin, 'clarify-admin');
    await fits(admin, 'clarify-admin');

    // Live on the contest page: the badge counts the answer, the tab shows it and reads it.
    const badge = student.getByTestId('clarify-badge').locator('.oj-badge-count');
    await expect.poll(() => badge.textContent(), { timeout: 10_000 }).toBe('1');
    await student.getByRole('tab', { name: /答疑/ }).click();
    await student.getByTestId('clarification').getByText('答：不会，保证 n ≥ 1。').waitFor();
    await expect.poll(() => badge.count()).toBe(0);

    // An announcement from the management site appears at the top of the contest page, live.
    await admin.getByPlaceholder('发布比赛公告（所有参赛者实时可见）').fill('B 题样例已更正，请刷新题面。');
    await admin.getByRole('button', { name: '发布公告' }).click();
    await student.getByTestId('contest-announcements').getByText('B 题样例已更正，请刷新题面。').waitFor({ timeout: 10_000 });
    await shot(student, 'clarify-live');

    // Code similarity: computed on demand, the copy ranked first, side by side with matched lines.
    await admin.goto(`${env.server.url}/admin/similarity?competition_id=${contestId}`);
    await admin.getByRole('button', { name: '重新检测' }).click();
    await admin.getByText(/检测完成：2 份代码，1 对相似/).first().waitFor();
    await admin.getByTestId('similarity-open').first().click();
    await admin.getByTestId('similarity-left').locator('.adm-sim-hit').first().waitFor();
    expect(await admin.getByTestId('similarity-right').locator('.adm-sim-hit').count()).toBeGreaterThan(8);
    await shot(admin, 'similarity-compare');
    await fits(admin, 'similarity-compare');
  }, 60_000);
});
