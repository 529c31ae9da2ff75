import { describe, expect, it } from 'vitest';
import { compareFloat, compareTokens } from './compare';

describe('default checker (tokens line by line)', () => {
  it('accepts identical output', () => {
    expect(compareTokens('1 2\n3\n', '1 2\n3\n').verdict).toBe('AC');
  });

  it('ignores trailing white space, CRLF and trailing blank lines', () => {
    expect(compareTokens('1 2   \r\n3\t\n\n\n  \n', '1 2\n3').verdict).toBe('AC');
    expect(compareTokens('5', '5\n\n').verdict).toBe('AC');
  });

  it('ignores repeated spaces between tokens', () => {
    expect(compareTokens('1    2\n', '1 2\n').verdict).toBe('AC');
  });

  it('says WA with the position and both tokens', () => {
    const r = compareTokens('1 2\n4\n', '1 2\n3\n');
    expect(r.verdict).toBe('WA');
    expect(r.message).toBe('第 2 行第 1 个记号：期望 3，得到 4');
  });

  it('says WA when output is short or long', () => {
    expect(compareTokens('1\n', '1\n2\n')).toEqual({ verdict: 'WA', message: '第 2 行：输出提前结束' });
    expect(compareTokens('1\n2\n', '1\n')).toEqual({ verdict: 'WA', message: '第 2 行：输出比答案多' });
    expect(compareTokens('', '1').verdict).toBe('WA');
    expect(compareTokens('1 2', '1').verdict).toBe('WA');
  });

  it('says PE when all tokens match but the lines are laid out differently', () => {
    expect(compareTokens('1 2 3\n', '1\n2\n3\n').verdict).toBe('PE');
    expect(compareTokens('1\n\n2\n', '1\n2\n').verdict).toBe('PE');
  });

  it('handles outputs of millions of tokens without building arrays', () => {
    const big = '1 '.repeat(5_000_000);
    const started = Date.now();
    expect(compareTokens(big, big).verdict).toBe('AC');
    expect(compareTokens(`${big}2`, `${big}3`).verdict).toBe('WA');
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('accepts empty output for an empty answer', () => {
    expect(compareTokens('\n\n', '').verdict).toBe('AC');
  });

  it('does not treat numbers loosely', () => {
    expect(compareTokens('1.0', '1').verdict).toBe('WA');
  });
});

describe('float checker', () => {
  it('accepts within absolute tolerance', () => {
    expect(compareFloat('3.14159', '3.1416', { absolute: 1e-4 }).verdict).toBe('AC');
    expect(compareFloat('3.14', '3.1416', { absolute: 1e-4 }).verdict).toBe('WA');
  });

  it('accepts within relative tolerance', () => {
    expect(compareFloat('1000001', '1000000', { relative: 1e-6 }).verdict).toBe('AC');
    expect(compareFloat('1000002', '1000000', { relative: 1e-6 }).verdict).toBe('WA');
  });

  it('either tolerance suffices', () => {
    expect(compareFloat('0.0000001', '0', { absolute: 1e-6, relative: 1e-9 }).verdict).toBe('AC');
  });

  it('handles exponents and exact non-numeric tokens', () => {
    expect(compareFloat('1e3 yes', '1000.0000001 yes', { absolute: 1e-6 }).verdict).toBe('AC');
    expect(compareFloat('1e3 no', '1000 yes', { absolute: 1e-6 }).verdict).toBe('WA');
    expect(compareFloat('nan', '0', { absolute: 1 }).verdict).toBe('WA');
  });
});

describe('case-insensitive comparison (issue 24)', () => {
  it('is off by default: letters must match in case', () => {
    expect(compareTokens('YES\n', 'yes\n')).toEqual({ verdict: 'WA', message: '第 1 行第 1 个记号：期望 yes，得到 YES' });
    expect(compareTokens('YES\n', 'yes\n', { caseInsensitive: false }).verdict).toBe('WA');
  });

  it('when on, ASCII letters match whatever their case, nothing else does', () => {
    const on = { caseInsensitive: true };
    expect(compareTokens('YES\nPossible 3\n', 'yes\npossible 3\n', on).verdict).toBe('AC');
    expect(compareTokens('Yes\n', 'No\n', on).verdict).toBe('WA');
    expect(compareTokens('yes\n', 'yess\n', on).verdict).toBe('WA');
    // Only A–Z fold: '@' is not '`', '[' is not '{'.
    expect(compareTokens('@[\n', '`{\n', on).verdict).toBe('WA');
    expect(compareTokens('答案是A\n', '答案是a\n', on).verdict).toBe('AC');
    // The layout rules stay: right tokens on the wrong lines are PE.
    expect(compareTokens('YES NO\n', 'yes\nno\n', on).verdict).toBe('PE');
  });

  it('applies to the text tokens of the float checker', () => {
    expect(compareFloat('YES 1.0000001', 'yes 1', { absolute: 1e-6 }).verdict).toBe('WA');
    expect(compareFloat('YES 1.0000001', 'yes 1', { absolute: 1e-6, caseInsensitive: true }).verdict).toBe('AC');
  });

  it('keeps outputs of millions of tokens fast', () => {
    const big = 'Ab '.repeat(2_000_000);
    const started = Date.now();
    expect(compareTokens(big, big.toLowerCase(), { caseInsensitive: true }).verdict).toBe('AC');
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe('float checker: nan and infinities compare as numbers (issue 24)', () => {
  const tol = { absolute: 1e-6, relative: 1e-6 };
  it('nan equals nan however it is spelled', () => {
    for (const out of ['nan', 'NaN', 'NAN', '-nan', '+nan'])
      expect(compareFloat(`${out}\n`, 'nan\n', tol).verdict, out).toBe('AC');
    expect(compareFloat('NaN', 'nan', tol).verdict).toBe('AC');
  });

  it('an infinity equals the infinity of the same sign only', () => {
    for (const out of ['inf', 'INF', 'Infinity', '+Inf', '+infinity'])
      expect(compareFloat(out, 'inf', tol).verdict, out).toBe('AC');
    for (const out of ['-inf', '-Infinity', '-INF']) expect(compareFloat(out, '-Infinity', tol).verdict, out).toBe('AC');
    expect(compareFloat('-inf', 'inf', tol).verdict).toBe('WA');
    expect(compareFloat('Infinity', '-inf', tol).verdict).toBe('WA');
  });

  it('a special value never equals a finite number, nor nan an infinity', () => {
    expect(compareFloat('nan', '0', { absolute: 1 }).verdict).toBe('WA');
    expect(compareFloat('0', 'nan', { absolute: 1 }).verdict).toBe('WA');
    expect(compareFloat('inf', '1e308', { relative: 1 }).verdict).toBe('WA');
    expect(compareFloat('nan', 'inf', tol).verdict).toBe('WA');
    expect(compareFloat('1.5 nan -inf', '1.5000001 NaN -Infinity', tol).verdict).toBe('AC');
  });

  it('leaves the default checker exact: nan is only a word there', () => {
    expect(compareTokens('NaN', 'nan').verdict).toBe('WA');
    expect(compareTokens('NaN', 'nan', { caseInsensitive: true }).verdict).toBe('AC');
    expect(compareTokens('inf', 'Infinity', { caseInsensitive: true }).verdict).toBe('WA');
  });
});
