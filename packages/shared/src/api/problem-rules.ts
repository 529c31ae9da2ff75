// Zod-free: the sites import these at runtime (lib/contract.ts); problems.ts builds the schemas.

/**
 * What solvers see of each judged test (issue 22): `samples` (the default) shows the input, the
 * expected output and the checker's message of the tests that are statement samples, and only
 * verdict, time and memory of the others; `all` shows every test's details; `verdict` shows verdict,
 * time and memory only, samples included. Admins and the problem's author always see everything.
 */
export const TEST_VISIBILITIES = ['samples', 'all', 'verdict'] as const;
export type TestVisibility = (typeof TEST_VISIBILITIES)[number];
export const TEST_VISIBILITY_LABELS: Readonly<Record<TestVisibility, string>> = {
  samples: '仅样例详情',
  all: '全部详情',
  verdict: '仅结果',
};
