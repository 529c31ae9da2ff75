/**
 * Built-in checkers. Both compare the program's output with the answer line by line, token by
 * token: white space between tokens and at line ends, and blank lines at the end, never matter.
 * When every token matches but the line structure differs, the verdict is PE (the answer is right,
 * its layout is not), so a user who printed everything on one line learns what to fix.
 */

export type CheckVerdict = 'AC' | 'WA' | 'PE';

export interface CheckOutcome {
  verdict: CheckVerdict;
  message: string;
}

export interface FloatTolerance {
  absolute?: number;
  relative?: number;
}

/** Token-equality rule: exact, or numeric within a tolerance. */
type TokenEquals = (output: string, answer: string) => boolean;

const WS = /[ \t\r\f\v]+/;

function toLines(text: string): string[][] {
  const lines = text.split('\n').map((line) => line.split(WS).filter((t) => t.length > 0));
  while (lines.length > 0 && lines[lines.length - 1].length === 0) lines.pop();
  return lines;
}

const show = (token: string) => (token.length > 40 ? `${token.slice(0, 40)}…` : token);

function compareWith(output: string, answer: string, equals: TokenEquals): CheckOutcome {
  const out = toLines(output);
  const ans = toLines(answer);
  for (let i = 0; i < Math.max(out.length, ans.length); i++) {
    const o = out[i] ?? [];
    const a = ans[i] ?? [];
    for (let j = 0; j < Math.max(o.length, a.length); j++) {
      if (o[j] !== undefined && a[j] !== undefined && equals(o[j], a[j])) continue;
      const flat = compareFlat(out, ans, equals);
      if (flat) return { verdict: 'PE', message: `输出内容正确但格式不同（第 ${i + 1} 行的换行或空行位置不对）` };
      if (a[j] === undefined && i >= ans.length) return { verdict: 'WA', message: `第 ${i + 1} 行：输出比答案多` };
      if (o[j] === undefined && i >= out.length) return { verdict: 'WA', message: `第 ${i + 1} 行：输出提前结束` };
      if (a[j] === undefined) return { verdict: 'WA', message: `第 ${i + 1} 行第 ${j + 1} 个记号：答案此处已结束，输出为 ${show(o[j])}` };
      if (o[j] === undefined) return { verdict: 'WA', message: `第 ${i + 1} 行第 ${j + 1} 个记号：期望 ${show(a[j])}，输出此处已结束` };
      return { verdict: 'WA', message: `第 ${i + 1} 行第 ${j + 1} 个记号：期望 ${show(a[j])}，得到 ${show(o[j])}` };
    }
  }
  return { verdict: 'AC', message: `${ans.reduce((n, l) => n + l.length, 0)} 个记号，${ans.length} 行，完全一致` };
}

function compareFlat(out: string[][], ans: string[][], equals: TokenEquals): boolean {
  const o = out.flat();
  const a = ans.flat();
  return o.length === a.length && o.every((t, k) => equals(t, a[k]));
}

export function compareTokens(output: string, answer: string): CheckOutcome {
  return compareWith(output, answer, (o, a) => o === a);
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * Numeric tokens are equal when |out − ans| ≤ absolute or |out − ans| ≤ relative × |ans|
 * (either tolerance suffices, as in testlib's doubleCompare); other tokens must match exactly.
 */
export function compareFloat(output: string, answer: string, tolerance: FloatTolerance): CheckOutcome {
  const abs = tolerance.absolute ?? 0;
  const rel = tolerance.relative ?? 0;
  return compareWith(output, answer, (o, a) => {
    if (o === a) return true;
    if (!NUMBER.test(o) || !NUMBER.test(a)) return false;
    const x = Number(o);
    const y = Number(a);
    const diff = Math.abs(x - y);
    // A tiny slack absorbs the rounding of the decimal → binary conversion itself.
    const slack = 1e-12 * Math.max(1, Math.abs(y));
    return diff <= abs + slack || diff <= rel * Math.abs(y) + slack;
  });
}
