import type { CustomTestResult } from '../../lib/contract';

/** `judge/test` takes at most this many inputs in one call (CustomTestRequest). */
export const CUSTOM_INPUTS_PER_CALL = 10;

/** One sample run by 运行全部样例: its run and whether it printed the expected output. */
export interface SampleRun {
  /** 0-based. */
  index: number;
  passed: boolean;
  expected: string;
  result: CustomTestResult | undefined;
}

/**
 * Output as the default checker compares it: trailing whitespace of every line and trailing empty
 * lines ignored (Windows line ends too).
 */
export const normalizeOutput = (text: string) =>
  text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n+$/, '');

export function sampleRun(index: number, expected: string, result: CustomTestResult | undefined): SampleRun {
  const passed =
    !!result && result.status === 'AC' && normalizeOutput(result.output) === normalizeOutput(expected);
  return { index, passed, expected, result };
}
