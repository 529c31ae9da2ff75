import type { Language, LanguageOptions, ScoringInput, TestResultView } from '../../lib/contract';
import { describeOptions } from '../../lib/contract';

// How records show partial scoring (issue 24): a score over the full score, a test's share.

/** Scores keep at most two decimals and drop trailing zeros: 60, 33.33. */
export const formatPoints = (n: number): string => String(Math.round(n * 100) / 100);

/** `60 / 100`, or '' for an all-or-nothing record (or one not judged yet). */
export function scoreText(r: { score: number | null; full_score: number | null }): string {
  if (r.score === null || r.full_score === null) return '';
  return `${formatPoints(r.score)} / ${formatPoints(r.full_score)}`;
}

/**
 * What a scored test earned: `部分正确 60%` for a fraction strictly between 0 and 1 (the checker's
 * partial points), plus its points when scored by tests. '' when the problem is not scored.
 */
export function testScoreText(t: Pick<TestResultView, 'score'>): string {
  if (!t.score) return '';
  const { fraction, earned } = t.score;
  const part = fraction > 0 && fraction < 1 ? `部分正确 ${formatPoints(fraction * 100)}%` : '';
  const points = earned === null ? '' : `${formatPoints(earned)} 分`;
  return [part, points].filter(Boolean).join(' · ') || (fraction >= 1 ? '满分' : '0 分');
}

/** The language column: C++（C++17 · O2）, or 提交答案 for an output-only problem's answers. */
export function languageText(language: Language | null, options: LanguageOptions | null): string {
  if (language === null) return '提交答案';
  const described = describeOptions(language, options);
  return described ? `${language}（${described}）` : language;
}

/**
 * A problem's full score as the judge computes it: the one set, else the subtasks' points, else
 * the tests' points when every test has some, else 100. Null when not scored.
 */
export function fullScoreOf(scoring: ScoringInput | null, testCount: number): number | null {
  if (!scoring) return null;
  if (scoring.full_score != null) return scoring.full_score;
  if (scoring.subtasks?.length) return scoring.subtasks.reduce((s, t) => s + t.points, 0);
  const points = scoring.test_points ?? [];
  if (points.length > 0 && points.length >= testCount) return points.reduce((s, p) => s + p, 0);
  return 100;
}
