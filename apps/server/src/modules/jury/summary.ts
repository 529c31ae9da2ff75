import type { ExpectableVerdict, JuryRunState, VerifySummary } from '@oj/shared';
import { parseJson } from '../problems';
import type { JurySolutionRow } from './tables';

export const expectedOf = (row: Pick<JurySolutionRow, 'expected'>): ExpectableVerdict[] =>
  parseJson<ExpectableVerdict[]>(row.expected, []);

/** The time limit a solution's run has, ms, by its language (`timeLimitsOf` in runs.ts). */
export type LimitOf = (row: Pick<JurySolutionRow, 'language'>) => number;

/**
 * How a solution's latest run stands against what it expects, the problem's spec now being `key`
 * (null: the problem cannot be judged, its runs ended at once with the reason).
 */
export function runStateOf(row: JurySolutionRow, key: string | null): JuryRunState {
  if (row.run_status === null) return 'pending';
  if (key !== null && row.spec_key !== key) return 'stale';
  if (row.run_status === 'PD') return 'pending';
  if (row.run_status === 'IE') return 'failed';
  return (expectedOf(row) as string[]).includes(row.run_status) ? 'agree' : 'disagree';
}

const joinOr = (list: string[]) => list.join(' 或 ');

/**
 * What keeps a problem from being published, in Chinese: solutions that disagree with what they
 * expect or whose judging failed, then runs still queued or stale.
 */
export function blockersOf(rows: JurySolutionRow[], states: JuryRunState[]) {
  const errors: string[] = [];
  rows.forEach((row, i) => {
    if (states[i] === 'disagree')
      errors.push(`解法「${row.name}」期望 ${joinOr(expectedOf(row))}，实际 ${row.run_status}`);
    else if (states[i] === 'failed')
      errors.push(`解法「${row.name}」评测失败：${row.run_message || '未知原因'}`);
  });
  const waiting: string[] = [];
  const pending = states.filter((s) => s === 'pending').length;
  const stale = states.filter((s) => s === 'stale').length;
  if (pending) waiting.push(`${pending} 个解法正在评测，请稍候`);
  if (stale) waiting.push(`${stale} 个解法的结果已过期（测试数据、评测方式或限制改动过），需要重新评测`);
  return { errors, waiting, pending: pending + stale };
}

/**
 * The validation of a problem from its solutions: an error when one disagrees with what it expects
 * (an expected-AC solution failing, an expected-WA one passing…) or its judging failed; pending while
 * runs are queued or stale; a warning when all agree but the slowest accepted run is above half its
 * time limit, or when no solution is expected to pass. Only ok and warning (and no solutions at
 * all) let the problem be published without `force`.
 */
export function summarize(
  rows: JurySolutionRow[],
  key: string | null,
  timeLimit: number,
  limitOf: LimitOf = () => timeLimit,
): VerifySummary {
  const states = rows.map((r) => runStateOf(r, key));
  const { errors, waiting, pending } = blockersOf(rows, states);
  const notes: string[] = [];
  const warnings: string[] = [];

  let slowest: VerifySummary['slowest_ac'] = null;
  rows.forEach((row, i) => {
    if (row.run_status !== 'AC' || states[i] === 'stale' || states[i] === 'pending') return;
    const limit = limitOf(row);
    if (!slowest || row.run_time_ms / limit > slowest.time_ms / slowest.limit_ms)
      slowest = { name: row.name, time_ms: row.run_time_ms, limit_ms: limit };
  });
  const s = slowest as VerifySummary['slowest_ac'];
  if (s) {
    notes.push(`最慢的正确解「${s.name}」${s.time_ms} ms / 时限 ${s.limit_ms} ms`);
    if (s.time_ms * 2 > s.limit_ms)
      warnings.push('最慢的正确解用时超过时限的一半：时限可能过紧，评测机稍慢就会超时');
  }
  if (rows.length && !rows.some((r) => expectedOf(r).includes('AC')))
    warnings.push('没有期望通过（AC）的解法：无法检验时限是否够用');

  const state: VerifySummary['state'] = !rows.length
    ? 'none'
    : errors.length
      ? 'error'
      : waiting.length
        ? 'pending'
        : warnings.length
          ? 'warning'
          : 'ok';
  return {
    state,
    publishable: state === 'none' || state === 'ok' || state === 'warning',
    messages: [...errors, ...waiting, ...warnings, ...notes],
    total: rows.length,
    agreeing: states.filter((st) => st === 'agree').length,
    pending,
    slowest_ac: s,
    time_limit: timeLimit,
  };
}
