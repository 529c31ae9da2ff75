import { describe, expect, it } from 'vitest';
import { expectedVerdictsOf, juryLanguageOf } from '@oj/shared';
import { runStateOf, summarize } from './summary';
import type { JurySolutionRow } from './tables';

let nextId = 1;
function row(over: Partial<JurySolutionRow> & { expected?: string }): JurySolutionRow {
  const id = nextId++;
  return {
    id,
    problem_id: 1000,
    name: `s${id}.cpp`,
    language: 'C++',
    source: '',
    expected: '["AC"]',
    origin: 'admin',
    run_version: 1,
    run_status: 'AC',
    run_time_ms: 100,
    run_memory_kib: 1024,
    run_tests: '[]',
    run_compile_message: '',
    run_message: '',
    spec_key: 'k',
    judged_at: '2030-01-01T00:00:00.000Z',
    create_time: '',
    update_time: '',
    ...over,
  };
}

describe('the validation summary', () => {
  it('no solutions: publishes as before', () => {
    expect(summarize([], 'k', 1000)).toMatchObject({ state: 'none', publishable: true, messages: [] });
  });

  it('all agree and the slowest AC is within half the limit: ok, with the slowest line', () => {
    const s = summarize(
      [
        row({ name: 'slow.cpp', run_time_ms: 420 }),
        row({ expected: '["WA"]', run_status: 'WA' }),
        row({ run_time_ms: 12 }),
      ],
      'k',
      1000,
    );
    expect(s).toMatchObject({
      state: 'ok',
      publishable: true,
      agreeing: 3,
      slowest_ac: { time_ms: 420, limit_ms: 1000 },
    });
    expect(s.messages).toEqual(['最慢的正确解「slow.cpp」420 ms / 时限 1000 ms']);
  });

  it('the slowest AC above half the limit, or nothing expected to pass: a warning that still publishes', () => {
    const slow = summarize([row({ run_time_ms: 620 })], 'k', 1000);
    expect(slow).toMatchObject({ state: 'warning', publishable: true });
    expect(slow.messages[0]).toMatch(/超过时限的一半/);
    const noAc = summarize([row({ expected: '["WA"]', run_status: 'WA' })], 'k', 1000);
    expect(noAc).toMatchObject({ state: 'warning', publishable: true, slowest_ac: null });
    expect(noAc.messages).toEqual(['没有期望通过（AC）的解法：无法检验时限是否够用']);
  });

  it('an expected-AC solution failing, an expected-WA one passing, or a failed judge: an error', () => {
    const s = summarize(
      [
        row({ name: 'a.cpp', run_status: 'WA' }),
        row({ name: 'b.cpp', expected: '["WA","PE"]', run_status: 'AC' }),
        row({ name: 'c.cpp', run_status: 'IE', run_message: '评测机多次尝试均失败' }),
      ],
      'k',
      1000,
    );
    expect(s).toMatchObject({ state: 'error', publishable: false });
    expect(s.messages.slice(0, 3)).toEqual([
      '解法「a.cpp」期望 AC，实际 WA',
      '解法「b.cpp」期望 WA 或 PE，实际 AC',
      '解法「c.cpp」评测失败：评测机多次尝试均失败',
    ]);
  });

  it('queued, never run or judged against other tests: pending, not publishable, no slowest time from them', () => {
    const rows = [
      row({ run_status: 'PD' }),
      row({ run_status: null }),
      row({ spec_key: 'old', run_time_ms: 900 }),
    ];
    expect(rows.map((r) => runStateOf(r, 'k'))).toEqual(['pending', 'pending', 'stale']);
    const s = summarize(rows, 'k', 1000);
    expect(s).toMatchObject({ state: 'pending', publishable: false, pending: 3, slowest_ac: null });
    expect(s.messages).toEqual([
      '2 个解法正在评测，请稍候',
      '1 个解法的结果已过期（测试数据、评测方式或限制改动过），需要重新评测',
    ]);
  });
});

describe('other judges’ labels', () => {
  it('maps Kattis folders, Polygon tags and DOMjudge results to sets of our verdicts', () => {
    expect(expectedVerdictsOf('kattis', 'accepted')).toEqual(['AC']);
    expect(expectedVerdictsOf('kattis', 'time_limit_exceeded')).toEqual(['TLE']);
    expect(expectedVerdictsOf('kattis', 'run_time_error')).toEqual(['MLE', 'Sign']);
    expect(expectedVerdictsOf('polygon', 'ma')).toEqual(['AC']);
    expect(expectedVerdictsOf('polygon', 'TO')).toEqual(['AC', 'TLE']);
    expect(expectedVerdictsOf('polygon', 'RJ')).toEqual(['WA', 'PE', 'TLE', 'MLE', 'OLE', 'Sign', 'CE']);
    expect(expectedVerdictsOf('domjudge', ['WRONG_ANSWER', 'TIMELIMIT'])).toEqual(['WA', 'PE', 'TLE']);
    expect(expectedVerdictsOf('domjudge', 'COMPILER-ERROR')).toEqual(['CE']);
    expect(expectedVerdictsOf('polygon', 'XX')).toBeNull();
    expect(juryLanguageOf('sol.CPP')).toBe('C++');
    expect(juryLanguageOf('sol.py')).toBe('Python3');
    expect(juryLanguageOf('sol.cob')).toBeNull();
  });
});
