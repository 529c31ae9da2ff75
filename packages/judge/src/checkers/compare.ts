/**
 * Built-in checkers. Both compare the program's output with the answer line by line, token by
 * token: white space between tokens and at line ends, and blank lines at the end, never matter.
 * When every token matches but the line structure differs, the verdict is PE (the answer is right,
 * its layout is not), so a user who printed everything on one line learns what to fix.
 * A problem may ask for tokens to be compared ignoring the case of ASCII letters (`YES` = `yes`),
 * as Kattis' and DOMjudge's default validators do unless told `case_sensitive`.
 *
 * Outputs may be tens of megabytes of one-character tokens: the scan walks the strings in place and
 * never builds arrays of lines or tokens (that would cost gigabytes of heap in the server).
 */

export type CheckVerdict = 'AC' | 'WA' | 'PE';

export interface CheckOutcome {
  verdict: CheckVerdict;
  message: string;
}

export interface CompareOptions {
  /** ASCII letters compare equal whatever their case. */
  caseInsensitive?: boolean;
}

export interface FloatTolerance extends CompareOptions {
  absolute?: number;
  relative?: number;
}

/** Token-equality rule: exact, or numeric within a tolerance. */
type TokenEquals = (output: string, answer: string) => boolean;

// Space, tab, CR, vertical tab, form feed; newline separates lines.
const isBlank = (c: number) => c === 32 || c === 9 || c === 13 || c === 11 || c === 12;

/** Walks one text: lines, and the tokens of the current line. */
class Scanner {
  private pos = 0;
  private lineEnd = 0;
  private nextStart = 0;
  line = 0;

  constructor(private readonly text: string) {}

  /** Advances to the next line (as `split('\n')` would cut them); false past the last one. */
  nextLine(): boolean {
    if (this.nextStart > this.text.length) return false;
    this.pos = this.nextStart;
    const nl = this.text.indexOf('\n', this.pos);
    this.lineEnd = nl < 0 ? this.text.length : nl;
    this.nextStart = this.lineEnd + 1;
    this.line++;
    return true;
  }

  /** Next token of the current line, or undefined at its end. */
  nextToken(): string | undefined {
    while (this.pos < this.lineEnd && isBlank(this.text.charCodeAt(this.pos))) this.pos++;
    if (this.pos >= this.lineEnd) return undefined;
    const start = this.pos;
    while (this.pos < this.lineEnd && !isBlank(this.text.charCodeAt(this.pos))) this.pos++;
    return this.text.slice(start, this.pos);
  }

  /** True when the rest of the text holds no token (only blank lines remain). */
  restIsBlank(): boolean {
    for (let i = this.pos; i < this.text.length; i++) {
      const c = this.text.charCodeAt(i);
      if (c !== 10 && !isBlank(c)) return false;
    }
    return true;
  }
}

/** Every token of a text regardless of lines. */
function* tokens(text: string): Generator<string> {
  const s = new Scanner(text);
  while (s.nextLine()) for (let t = s.nextToken(); t !== undefined; t = s.nextToken()) yield t;
}

function sameTokens(output: string, answer: string, equals: TokenEquals): boolean {
  const o = tokens(output);
  const a = tokens(answer);
  for (;;) {
    const x = o.next();
    const y = a.next();
    if (x.done || y.done) return Boolean(x.done && y.done);
    if (!equals(x.value, y.value)) return false;
  }
}

const show = (token: string) => (token.length > 40 ? `${token.slice(0, 40)}…` : token);

function compareWith(output: string, answer: string, equals: TokenEquals): CheckOutcome {
  const out = new Scanner(output);
  const ans = new Scanner(answer);
  let count = 0;
  const wrong = (message: string): CheckOutcome =>
    sameTokens(output, answer, equals)
      ? { verdict: 'PE', message: `输出内容正确但格式不同（第 ${out.line} 行的换行或空行位置不对）` }
      : { verdict: 'WA', message };
  for (;;) {
    const hasOut = out.nextLine();
    const hasAns = ans.nextLine();
    if (!hasOut && !hasAns) break;
    if (!hasAns) {
      if (out.restIsBlank()) break;
      return wrong(`第 ${out.line} 行：输出比答案多`);
    }
    if (!hasOut) {
      if (ans.restIsBlank()) break;
      return wrong(`第 ${ans.line} 行：输出提前结束`);
    }
    for (let j = 1; ; j++) {
      const o = out.nextToken();
      const a = ans.nextToken();
      if (o === undefined && a === undefined) break;
      if (o !== undefined && a !== undefined && equals(o, a)) {
        count++;
        continue;
      }
      // Only blank lines left on one side: say so rather than name a token position.
      if (o === undefined && j === 1 && out.restIsBlank()) return wrong(`第 ${ans.line} 行：输出提前结束`);
      if (a === undefined && j === 1 && ans.restIsBlank()) return wrong(`第 ${out.line} 行：输出比答案多`);
      if (a === undefined)
        return wrong(`第 ${out.line} 行第 ${j} 个记号：答案此处已结束，输出为 ${show(o!)}`);
      if (o === undefined) return wrong(`第 ${out.line} 行第 ${j} 个记号：期望 ${show(a)}，输出此处已结束`);
      return wrong(`第 ${out.line} 行第 ${j} 个记号：期望 ${show(a)}，得到 ${show(o)}`);
    }
  }
  return { verdict: 'AC', message: `${count} 个记号，完全一致` };
}

/** Equal ignoring the case of ASCII letters (no allocation: outputs may hold millions of tokens). */
function equalsIgnoringCase(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 65 && x <= 90) x |= 32;
    if (y >= 65 && y <= 90) y |= 32;
    if (x !== y) return false;
  }
  return true;
}

const textEquals = (options: CompareOptions): TokenEquals =>
  options.caseInsensitive ? equalsIgnoringCase : (o, a) => o === a;

export function compareTokens(output: string, answer: string, options: CompareOptions = {}): CheckOutcome {
  return compareWith(output, answer, textEquals(options));
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
/** How languages print the special values: nan, -nan, NaN, inf, -inf, +Inf, Infinity, INF… */
const SPECIAL = /^([+-]?)(nan|inf|infinity)$/i;

/** The value of a numeric token, or undefined for any other token. */
function numberOf(token: string): number | undefined {
  if (NUMBER.test(token)) return Number(token);
  const m = SPECIAL.exec(token);
  if (!m) return undefined;
  if (m[2].length === 3 && (m[2][0] === 'n' || m[2][0] === 'N')) return NaN;
  return m[1] === '-' ? -Infinity : Infinity;
}

/**
 * Numeric tokens are equal when |out − ans| ≤ absolute or |out − ans| ≤ relative × |ans|
 * (either tolerance suffices, as in testlib's doubleCompare); other tokens must match exactly
 * (or ignoring case). NaN equals NaN and an infinity equals the infinity of the same sign, however
 * each language spells them (`nan`, `NaN`, `-nan`, `inf`, `Infinity`, `+Inf`), as DOMjudge's
 * default comparison does; a special value never equals a finite number.
 */
export function compareFloat(output: string, answer: string, tolerance: FloatTolerance): CheckOutcome {
  const abs = tolerance.absolute ?? 0;
  const rel = tolerance.relative ?? 0;
  const text = textEquals(tolerance);
  return compareWith(output, answer, (o, a) => {
    if (text(o, a)) return true;
    const x = numberOf(o);
    const y = numberOf(a);
    if (x === undefined || y === undefined) return false;
    if (Number.isNaN(x) || Number.isNaN(y)) return Number.isNaN(x) && Number.isNaN(y);
    if (!Number.isFinite(x) || !Number.isFinite(y)) return x === y;
    const diff = Math.abs(x - y);
    // A tiny slack absorbs the rounding of the decimal → binary conversion itself.
    const slack = 1e-12 * Math.max(1, Math.abs(y));
    return diff <= abs + slack || diff <= rel * Math.abs(y) + slack;
  });
}
