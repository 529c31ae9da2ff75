/**
 * The result columns of a submission that has no verdict yet: what a new submission stores, what a
 * rejudge resets it to, and what others see of a verdict behind a frozen scoreboard.
 */
export const PENDING_RESULT = {
  status: 'PD',
  time_used: 0,
  memory_used: 0,
  compile_message: '',
  compiler: '',
  message: '',
  test_results: '[]',
  score: null,
  full_score: null,
  subtasks: '[]',
} as const;
