import type { Verdict } from '@oj/shared';

/**
 * How a stored answer counts under the ICPC rules of packages/shared/src/ranking.ts, so math and
 * 408 contests use the very scoreboard of programming contests: a right choice is an accepted try,
 * a wrong one a rejected try; a programming answer is its verdict. A short answer cannot be graded:
 * it is an answered try that neither solves nor costs, which is what the rules do with CE.
 */
export function answerVerdict(status: string): Verdict {
  if (status === 'correct') return 'AC';
  if (status === 'wrong') return 'WA';
  if (status === 'submitted') return 'CE';
  return status as Verdict;
}
