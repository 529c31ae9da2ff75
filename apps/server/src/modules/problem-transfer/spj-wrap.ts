/**
 * Special judges of HUSTOJ (and the FPS files it writes) and of QDUOJ speak other protocols than
 * testlib's; our judge runs only testlib-protocol checkers. When the program is C++ and its `main`
 * has a shape we recognise, it is wrapped: the package's source is compiled unchanged inside a
 * generated checker whose own `main` hands it the arguments in the order its judge gives them and
 * turns its exit status into the testlib verdict its judge would have given. Nothing of its logic
 * is rewritten. Anything else (C, another language, an unknown `main`) is left to the caller's
 * warning: compiling C as C++ or guessing a protocol could judge silently wrong.
 *
 * The protocols (their judges' code, read as facts):
 * - `hustoj`: `spj input answer output`; exit 0 accepted, any other status (a crash too, since
 *   HUSTOJ reads it through `system()`) wrong answer. HydroOJ's `hustoj` checker type is the same.
 * - `qduoj`: `spj input output`, the input also on stdin; exit 0 accepted, 1 wrong answer, anything
 *   else (another code, a crash) a judge error. HydroOJ's `qduoj` type calls it the same way but
 *   counts every failure as a wrong answer (`qduoj-hydro`).
 */
export type SpjProtocol = 'hustoj' | 'qduoj' | 'qduoj-hydro';

export const SPJ_PROTOCOL_NAMES: Record<SpjProtocol, string> = {
  hustoj: 'HUSTOJ（spj 输入 答案 选手输出，退出码 0 为正确）',
  qduoj: 'QDUOJ（spj 输入 选手输出，退出码 0 为正确、1 为错误）',
  'qduoj-hydro': 'HydroOJ 的 qduoj 类型（spj 输入 选手输出，退出码 0 为正确）',
};

/** Marks a checker this file generated, so that an export and re-import keeps it as it is. */
export const WRAP_MARK = '// oj-wrapped-spj:';

const CXX_HINTS =
  /#\s*include\s*<(?:iostream|cstdio|cstdlib|cstring|cmath|string|vector|fstream|bits\/stdc\+\+\.h)>|\busing\s+namespace\s+std\b|\bstd::/;
/** `int main()`, `int main(void)`, `int main(int argc, char *argv[])`, `char **argv`, `const char*`. */
const MAIN =
  /\b(?:int|signed)\s+main\s*\(\s*(?:void\s*)?\)|\b(?:int|signed)\s+main\s*\(\s*int\s+\w+\s*,\s*(?:const\s+)?char\s*(?:\*\s*\*\s*\w+|\*\s*\w+\s*\[\s*\])\s*\)/;

/** C++ by its declared language, else by what only C++ has. */
export function looksLikeCxx(source: string, language?: string): boolean {
  const lang = (language ?? '').trim().toLowerCase();
  if (/^(?:cpp|g\+\+|cc)/.test(lang) || lang.includes('c++')) return true;
  // Declared C (or anything else): compiled as C++ it may not build, or mean something else.
  if (lang) return false;
  return CXX_HINTS.test(source);
}

/** How the wrapped program's `main` is called and its status read, per protocol. */
const CALL: Record<SpjProtocol, { args: string; stdin: boolean; verdict: string; crash: boolean }> = {
  // ours: checker input output answer → theirs: spj input answer output
  hustoj: {
    args: '{argv[0], argv[1], argv[3], argv[2], nullptr}',
    stdin: false,
    verdict: 'code == 0 ? 0 : 1',
    crash: true,
  },
  qduoj: {
    args: '{argv[0], argv[1], argv[2], nullptr}',
    stdin: true,
    verdict: 'code == 0 ? 0 : code == 1 ? 1 : 3',
    crash: false,
  },
  'qduoj-hydro': {
    args: '{argv[0], argv[1], argv[2], nullptr}',
    stdin: true,
    verdict: 'code == 0 ? 0 : 1',
    crash: true,
  },
};

/**
 * The testlib-protocol checker that runs `source` as its judge would, or why it cannot be done
 * faithfully (Chinese, for the import's warning).
 */
export function wrapSpj(
  source: string,
  protocol: SpjProtocol,
  language?: string,
): { source: string } | { why: string } {
  if (!looksLikeCxx(source, language)) return { why: '不是 C++ 程序（本站只编译 C++ 评测器）' };
  if (!MAIN.test(source)) return { why: '无法识别其 main 函数的形式' };
  if (/\b(?:_exit|_Exit|quick_exit)\s*\(/.test(source)) return { why: '它直接调用 _exit，无法换算其退出码' };
  const call = CALL[protocol];
  const argc = protocol === 'hustoj' ? 4 : 3;
  const crash = call.crash
    ? '    for (int s : {SIGSEGV, SIGFPE, SIGABRT, SIGBUS, SIGILL}) std::signal(s, [](int) { _exit(1); });\n'
    : '';
  const stdin = call.stdin ? '    if (!std::freopen(argv[1], "r", stdin)) return 3;\n' : '';
  return {
    source: `${WRAP_MARK} ${protocol}
// The package's special judge (${protocol} protocol), compiled unchanged below, run as a testlib-
// protocol checker (checker input output answer; exit 0 OK, 1 WA, 3 fail) by the main at the end.
#include <bits/stdc++.h>
#include <csignal>
#include <unistd.h>
namespace oj_spj {
int verdict(int code) { return ${call.verdict}; }
}
// exit() anywhere in the judge ends with the verdict its status means.
[[noreturn]] void oj_spj_exit(int code) {
    std::fflush(nullptr);
    _exit(oj_spj::verdict(code));
}
namespace std { using ::oj_spj_exit; }
#define exit(code) oj_spj_exit(code)
#define main oj_spj_main
// ---- the package's source ----
${source}
// ---- end of the package's source ----
#undef main
#undef exit
namespace oj_spj {
inline int call(int (*f)(), int, char**) { return f(); }
inline int call(int (*f)(int, char**), int argc, char** argv) { return f(argc, argv); }
inline int call(int (*f)(int, const char**), int argc, char** argv) { return f(argc, const_cast<const char**>(argv)); }
}
int main(int argc, char* argv[]) {
    if (argc < 4) return 3;
${stdin}${crash}    char* args[] = ${call.args};
    int code = oj_spj::call(oj_spj_main, ${argc}, args);
    std::fflush(nullptr);
    _exit(oj_spj::verdict(code));
}
`,
  };
}
