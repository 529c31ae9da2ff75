import type { CheckerInput } from '@oj/shared';
import type { RawProblem } from './model';
import { SPJ_PROTOCOL_NAMES, type SpjProtocol, WRAP_MARK, wrapSpj } from './spj-wrap';

/**
 * Checkers between formats. Ours: `default` (tokens line by line), `float` (tolerance), both
 * optionally ignoring letter case, and `special` (a C++ checker, testlib protocol or a Kattis output
 * validator, with the files it includes). A testlib checker is known by what it does
 * (`registerTestlibCmd`), not by one include line: FPS files paste the whole testlib.h into the
 * source. Other judges' special judges are wrapped when that is faithful (spj-wrap.ts), otherwise
 * the import says so and keeps the default comparison.
 */

/** Marks the checker our exports write for `float`, so that it comes back as `float`. */
const FLOAT_MARK = /oj-float-tolerance:\s*([0-9.eE+-]+)/;
/**
 * Our FPS export's first line for a special checker whose protocol the source does not show (a
 * testlib-protocol checker written without testlib.h, a Kattis validator): FPS has no field for it.
 */
export const PROTOCOL_MARK = '// oj-checker-protocol:';

const TESTLIB_INCLUDE = /#\s*include\s*[<"]testlib\.h[>"]/;
const TESTLIB_CALLS = /\bregisterTestlib(?:Cmd)?\s*\(/;

/** The float comparison our exports wrote as a testlib checker, or null. */
export function floatFromMark(source: string): CheckerInput | null {
  const mark = FLOAT_MARK.exec(source);
  const tolerance = mark ? Number(mark[1]) : NaN;
  return tolerance > 0 && tolerance <= 1 ? { kind: 'float', tolerance } : null;
}

/** A testlib checker: includes testlib.h, or calls its registration (testlib pasted inline). */
export const isTestlibSource = (source: string) => TESTLIB_INCLUDE.test(source) || TESTLIB_CALLS.test(source);

/** The checker one source is, as far as its text says; `origin` names the judge it came from. */
export function checkerFromSource(
  source: string,
  raw: RawProblem,
  what = '特殊评测程序',
  origin?: { protocol: SpjProtocol; language?: string },
): CheckerInput {
  const float = floatFromMark(source);
  if (float) return float;
  const declared = new RegExp(`^${PROTOCOL_MARK}\\s*(testlib|kattis)\\s*\\n`).exec(source);
  if (declared) {
    const rest = source.slice(declared[0].length);
    return declared[1] === 'kattis'
      ? { kind: 'special', source: rest, protocol: 'kattis' }
      : { kind: 'special', source: rest };
  }
  if (isTestlibSource(source) || source.startsWith(WRAP_MARK)) return { kind: 'special', source };
  if (origin) {
    const wrapped = wrapSpj(source, origin.protocol, origin.language);
    if ('source' in wrapped) {
      raw.warnings.push(
        `${what}使用 ${SPJ_PROTOCOL_NAMES[origin.protocol]} 协议，已原样包装为本站的 testlib 协议评测器，请提交标程核对`,
      );
      return { kind: 'special', source: wrapped.source };
    }
    raw.warnings.push(
      `${what}使用 ${SPJ_PROTOCOL_NAMES[origin.protocol]} 协议，${wrapped.why}，本站无法使用，已改为默认比较`,
    );
    return { kind: 'default' };
  }
  raw.warnings.push(`${what}不是 testlib 协议的 C++ 程序，本站无法使用，已改为默认比较`);
  return { kind: 'default' };
}

/** A checker as one source for formats that carry one file; null for the default comparison. */
export function checkerToSource(c: CheckerInput): string | null {
  if (c.kind === 'special') {
    if (c.protocol === 'kattis') return `${PROTOCOL_MARK} kattis\n${c.source}`;
    return isTestlibSource(c.source) || c.source.startsWith(WRAP_MARK)
      ? c.source
      : `${PROTOCOL_MARK} testlib\n${c.source}`;
  }
  if (c.kind === 'default') return null;
  return `// oj-float-tolerance: ${c.tolerance}
// Numbers compared with an absolute or relative error of at most the tolerance.
#include "testlib.h"
int main(int argc, char* argv[]) {
    registerTestlibCmd(argc, argv);
    const double eps = ${c.tolerance};
    int n = 0;
    while (!ans.seekEof()) {
        double expected = ans.readDouble();
        if (ouf.seekEof()) quitf(_wa, "answer too short: %d numbers", n);
        double found = ouf.readDouble();
        n++;
        if (!doubleCompare(expected, found, eps)) quitf(_wa, "number %d: expected %.10g, found %.10g", n, expected, found);
    }
    if (!ouf.seekEof()) quitf(_wa, "extra output after %d numbers", n);
    quitf(_ok, "%d numbers", n);
}
`;
}

/**
 * Polygon's standard checkers (`std::wcmp.cpp` …) against ours. `exact`: our comparison accepts
 * exactly the outputs the checker accepts, so it is used. Otherwise the package's own copy of the
 * checker is (it is in every full package), and this comparison, with what differs, only when the
 * package does not carry it. The difference common to most: they read tokens regardless of lines,
 * ours compares line by line and answers PE for the right tokens on other lines.
 */
export interface StandardChecker {
  checker: CheckerInput;
  exact: boolean;
  /** What ours does differently (Chinese), when not exact. */
  differs?: string;
}

const LINES = '原评测器不区分换行，本站逐行比较（记号正确但换行不同判为格式错误）';
const ABSOLUTE = '原评测器只允许绝对误差，本站的浮点比较绝对误差或相对误差满足其一即可';

export function standardChecker(name: string): StandardChecker | null {
  const base = name.replace(/^std::/, '').replace(/\.cpp$/, '');
  const loose = (checker: CheckerInput, differs = LINES): StandardChecker => ({
    checker,
    exact: false,
    differs,
  });
  switch (base) {
    // Line by line, tokens within a line: what ours does.
    case 'lcmp':
      return { checker: { kind: 'default' }, exact: true };
    // One token, YES or NO in any case.
    case 'yesno':
      return { checker: { kind: 'default', case_insensitive: true }, exact: true };
    case 'nyesno':
      return loose({ kind: 'default', case_insensitive: true });
    case 'wcmp':
    case 'ncmp':
    case 'hcmp':
      return loose({ kind: 'default' });
    case 'fcmp':
      return loose({ kind: 'default' }, '原评测器要求每行完全相同（含空白），本站忽略空白的多少');
    case 'rcmp4':
      return loose({ kind: 'float', tolerance: 1e-4 });
    case 'rcmp6':
      return loose({ kind: 'float', tolerance: 1e-6 });
    case 'rcmp9':
      return loose({ kind: 'float', tolerance: 1e-9 });
    case 'rcmp':
    case 'acmp':
      return loose({ kind: 'float', tolerance: 1.5e-6 }, `${ABSOLUTE}；${LINES}`);
    case 'dcmp':
      return loose({ kind: 'float', tolerance: 1e-6 });
    default:
      return null;
  }
}
