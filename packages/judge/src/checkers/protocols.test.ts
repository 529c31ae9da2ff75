import { describe, expect, it } from 'vitest';
import { kattisOutcome, testlibOutcome } from './protocols';

const testlib = (code: number, stderr: string) => testlibOutcome(code, stderr, stderr, '特判程序');

describe('testlib protocol', () => {
  it('maps the plain exit codes as before', () => {
    expect(testlib(0, 'ok fine\n')).toEqual({ verdict: 'AC', message: 'ok fine', fraction: 1 });
    expect(testlib(1, 'wrong answer 3 vs 4')).toMatchObject({ verdict: 'WA', fraction: 0 });
    expect(testlib(8, 'unexpected eof')).toMatchObject({ verdict: 'WA' });
    expect(testlib(2, 'x')).toMatchObject({ verdict: 'PE' });
    expect(testlib(4, 'x')).toMatchObject({ verdict: 'PE' });
    expect(testlib(3, 'FAIL bad answer file')).toEqual({
      verdict: 'IE',
      message: '特判程序报告失败：FAIL bad answer file',
      fraction: 0,
    });
    expect(testlib(9, '')).toMatchObject({ verdict: 'IE', message: '特判程序退出码 9' });
  });

  it('quitp: exit 7 and "points X" on stderr, X the fraction', () => {
    expect(testlib(7, 'points 0.5 half of it\n')).toEqual({
      verdict: 'WA',
      message: 'points 0.5 half of it',
      fraction: 0.5,
    });
    expect(testlib(7, 'points 1')).toMatchObject({ verdict: 'AC', fraction: 1 });
    expect(testlib(7, 'points 0')).toMatchObject({ verdict: 'WA', fraction: 0 });
    expect(testlib(7, 'points 1e-1 tiny')).toMatchObject({ fraction: 0.1 });
    // Debug output before the verdict line: the last verdict line counts.
    expect(testlibOutcome(7, 'debug', 'points 0.9\ndebug\npoints 0.25 final\n', '特判程序').fraction).toBe(
      0.25,
    );
  });

  it('quitp out of range or without a number is the author’s error (IE)', () => {
    expect(testlib(7, 'points 40 of 100')).toMatchObject({ verdict: 'IE' });
    expect(testlib(7, 'points 40 of 100').message).toMatch(/^特判程序给出的得分 40 不在 0 到 1 之间/);
    expect(testlib(7, 'points -0.5')).toMatchObject({ verdict: 'IE' });
    expect(testlib(7, 'points_info=abc')).toMatchObject({ verdict: 'IE' });
    expect(testlib(7, 'ok no points here')).toMatchObject({ verdict: 'IE' });
  });

  it('partially correct _pc(K): exit K (or 50 + K under TESTSYS), the fraction K / 100', () => {
    expect(testlib(40, 'partially correct (40) close')).toMatchObject({ verdict: 'WA', fraction: 0.4 });
    expect(testlib(90, 'partially correct (40) close')).toMatchObject({ fraction: 0.4 });
    expect(testlib(100, 'partially correct (100)')).toMatchObject({ verdict: 'AC', fraction: 1 });
    // The message must agree with the exit code.
    expect(testlib(1, 'partially correct (40)')).toMatchObject({ verdict: 'WA', fraction: 0 });
    expect(testlib(150, 'partially correct (150)')).toMatchObject({ verdict: 'IE' });
  });

  it('speaks of the interactor when it is one', () => {
    expect(testlibOutcome(3, 'FAIL x', 'FAIL x', '交互程序').message).toBe('交互程序报告失败：FAIL x');
  });
});

describe('Kattis protocol', () => {
  it('42 accepted, 43 wrong answer, anything else a judge error', () => {
    expect(kattisOutcome(42, {}, '', '特判程序')).toEqual({ verdict: 'AC', message: '', fraction: 1 });
    expect(kattisOutcome(43, { judgeMessage: 'expected 3\n' }, 'stderr', '特判程序')).toEqual({
      verdict: 'WA',
      message: 'expected 3',
      fraction: 0,
    });
    expect(kattisOutcome(0, {}, 'oops', '特判程序')).toMatchObject({
      verdict: 'IE',
      message: '特判程序退出码 0（应为 42 或 43）：oops',
    });
    expect(kattisOutcome(1, {}, '', '交互程序').verdict).toBe('IE');
  });

  it('the team message first, then the judge message, then stderr', () => {
    expect(kattisOutcome(43, { teamMessage: 'team', judgeMessage: 'judge' }, 'err', '特判程序').message).toBe(
      'team',
    );
    expect(kattisOutcome(43, {}, 'err', '特判程序').message).toBe('err');
  });

  it('an accepted test’s fraction from score_multiplier.txt or score.txt', () => {
    expect(kattisOutcome(42, { scoreMultiplier: '0.75\n' }, '', '特判程序')).toMatchObject({
      verdict: 'WA',
      fraction: 0.75,
    });
    expect(kattisOutcome(42, { score: '1' }, '', '特判程序')).toMatchObject({ verdict: 'AC', fraction: 1 });
    expect(kattisOutcome(42, { score: 'lots' }, '', '特判程序')).toMatchObject({ verdict: 'IE' });
    expect(kattisOutcome(42, { score: '7' }, '', '特判程序')).toMatchObject({ verdict: 'IE' });
  });
});
