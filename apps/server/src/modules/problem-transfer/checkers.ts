import type { CheckerInput } from '@oj/shared';
import type { RawProblem } from './model';

/**
 * Checkers between formats. Ours: `default` (tokens line by line), `float` (tolerance), `special`
 * (a testlib checker in C++). Other judges' special judges with another protocol (HUSTOJ, QDUOJ,
 * lemon…) cannot run here: the import says so and keeps the default comparison.
 */

/** Marks the checker our exports write for `float`, so that it comes back as `float`. */
const FLOAT_MARK = /oj-float-tolerance:\s*([0-9.eE+-]+)/;

export function checkerFromSource(source: string, raw: RawProblem, what = '特殊评测程序'): CheckerInput {
  const mark = FLOAT_MARK.exec(source);
  const tolerance = mark ? Number(mark[1]) : NaN;
  if (tolerance > 0 && tolerance <= 1) return { kind: 'float', tolerance };
  if (/#\s*include\s*[<"]testlib\.h[>"]/.test(source)) return { kind: 'special', source };
  raw.warnings.push(`${what}不是 testlib 协议的 C++ 程序，本站无法使用，已改为默认比较`);
  return { kind: 'default' };
}

/** A checker as a testlib source for formats that carry one file; null for the default comparison. */
export function checkerToSource(c: CheckerInput): string | null {
  if (c.kind === 'special') return c.source;
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
 * Polygon's standard checkers (`std::wcmp.cpp` …) mapped to our comparisons; null: not one we map
 * (the package's own copy of it is then used as a special judge).
 */
export function standardChecker(name: string): CheckerInput | null {
  const base = name.replace(/^std::/, '').replace(/\.cpp$/, '');
  switch (base) {
    case 'wcmp':
    case 'lcmp':
    case 'ncmp':
    case 'hcmp':
    case 'fcmp':
      return { kind: 'default' };
    case 'rcmp4':
      return { kind: 'float', tolerance: 1e-4 };
    case 'rcmp6':
      return { kind: 'float', tolerance: 1e-6 };
    case 'rcmp9':
      return { kind: 'float', tolerance: 1e-9 };
    case 'rcmp':
    case 'acmp':
    case 'dcmp':
      return { kind: 'float', tolerance: 1.5e-6 };
    default:
      return null;
  }
}
