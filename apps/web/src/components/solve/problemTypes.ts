// Apart from JudgingInfo (antd's table and collapse) so the statement can name the type without it.
export const PROBLEM_TYPE_LABELS = {
  batch: '传统题',
  interactive: '交互题',
  'output-only': '提交答案题',
} as const;
