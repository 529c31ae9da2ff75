// Zod-free: the sites import these values directly (@oj/shared/data/math408-practice).

/** How a learner marks their own short answer against the reference answer. */
export const MATH408_SELF_MARKS = ['right', 'partial', 'wrong'] as const;
export type Math408SelfMark = (typeof MATH408_SELF_MARKS)[number];
export const MATH408_SELF_MARK_NAMES: Readonly<Record<Math408SelfMark, string>> = {
  right: '我答对了',
  partial: '部分正确',
  wrong: '我答错了',
};

/** The most questions an exam may draw (and 交卷 may carry). */
export const MATH408_EXAM_MAX = 30;
