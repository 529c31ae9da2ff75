import { PNG, zipOf } from './test-fixtures';

/**
 * Small packages of each format with a special checker, built in the tests (nothing committed is
 * another project's file). The problem of all of them: read two integers, print their sum; the
 * checker accepts the sum whatever the answer file says, so it is the checker that judges.
 */

export const SUM_SOLUTION =
  '#include <iostream>\nint main() { long long a, b; std::cin >> a >> b; std::cout << a + b << "\\n"; }\n';
export const WRONG_SOLUTION =
  '#include <iostream>\nint main() { long long a, b; std::cin >> a >> b; std::cout << a - b << "\\n"; }\n';

/**
 * A testlib.h of the package's own, written for these tests: the few calls the checkers use,
 * `setName` among them (the one our shipped header lacked, issue 24).
 */
export const OWN_TESTLIB = `// testlib-compatible subset written for the import tests.
#pragma once
#include <cctype>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
enum TResult { _ok = 0, _wa = 1, _pe = 2, _fail = 3 };
inline void setName(const char*, ...) {}
[[noreturn]] inline void quitf(TResult r, const char* format, ...) {
    std::fputs(r == _ok ? "ok " : r == _wa ? "wrong answer " : r == _pe ? "wrong output format " : "FAIL ", stderr);
    va_list ap;
    va_start(ap, format);
    std::vfprintf(stderr, format, ap);
    va_end(ap);
    std::fputc('\\n', stderr);
    std::exit(r);
}
struct InStream {
    FILE* f = nullptr;
    TResult onError = _pe;
    void open(const char* path, TResult e) {
        f = std::fopen(path, "r");
        onError = e;
        if (!f) quitf(_fail, "cannot open %s", path);
    }
    long long readLong() {
        long long v;
        if (std::fscanf(f, "%lld", &v) != 1) quitf(onError, "an integer expected");
        return v;
    }
    bool seekEof() {
        for (int c; (c = std::fgetc(f)) != EOF;)
            if (!std::isspace(c)) return std::ungetc(c, f), false;
        return true;
    }
};
inline InStream inf, ouf, ans;
inline void registerTestlibCmd(int argc, char* argv[]) {
    if (argc < 4) quitf(_fail, "checker input output answer");
    inf.open(argv[1], _fail);
    ouf.open(argv[2], _pe);
    ans.open(argv[3], _fail);
}
`;

/** A testlib checker of the sum that needs `setName` (so only the package's own header builds it). */
export const SUM_CHECKER = `#include "testlib.h"
int main(int argc, char* argv[]) {
    setName("sum of two integers");
    registerTestlibCmd(argc, argv);
    long long a = inf.readLong(), b = inf.readLong();
    long long x = ouf.readLong();
    if (x != a + b) quitf(_wa, "expected %lld, found %lld", a + b, x);
    if (!ouf.seekEof()) quitf(_pe, "extra output");
    quitf(_ok, "%lld", x);
}
`;

/** The same checker with the header pasted in, as FPS files carry it (no include line). */
export const INLINE_TESTLIB_CHECKER = `${OWN_TESTLIB.replace('#pragma once\n', '')}\n${SUM_CHECKER.replace('#include "testlib.h"\n', '')}`;

/** A HUSTOJ special judge: spj input answer output, exit 0 accepted (it also calls exit(1)). */
export const HUSTOJ_SPJ = `#include <cstdio>
#include <cstdlib>
int main(int argc, char *argv[]) {
    FILE *in = fopen(argv[1], "r"), *user = fopen(argv[3], "r");
    long long a, b, x;
    if (fscanf(in, "%lld %lld", &a, &b) != 2) return 2;
    if (fscanf(user, "%lld", &x) != 1) exit(1);
    return x == a + b ? 0 : 1;
}
`;

/** A Kattis output validator: validator input answer feedback_dir < output; 42 accepted, 43 wrong. */
export const KATTIS_VALIDATOR = `#include <fstream>
#include <iostream>
#include <string>
#include "sum.h"
int main(int argc, char* argv[]) {
    std::ifstream in(argv[1]);
    long long a, b, x;
    in >> a >> b;
    std::string extra;
    if (!(std::cin >> x) || x != sum(a, b) || (std::cin >> extra)) {
        std::ofstream(std::string(argv[3]) + "judgemessage.txt") << "wrong sum";
        return 43;
    }
    return 42;
}
`;
export const KATTIS_HEADER = 'inline long long sum(long long a, long long b) { return a + b; }\n';

const TESTS: [string, string][] = [
  ['1 2\n', '3\n'],
  ['40 2\n', '42\n'],
  ['-5 5\n', '0\n'],
];

/** A Polygon package whose checker needs its own files/testlib.h, with tagged solutions and a validator. */
export function polygonPackage(title = '带自带 testlib 的求和'): Promise<Buffer> {
  const xml = `<?xml version="1.0" encoding="utf-8"?>
<problem short-name="sum-own-testlib">
  <names><name language="chinese" value="${title}"/></names>
  <judging><testset name="tests"><time-limit>1000</time-limit><memory-limit>268435456</memory-limit>
    <test-count>3</test-count><input-path-pattern>tests/%02d</input-path-pattern><answer-path-pattern>tests/%02d.a</answer-path-pattern>
    <tests><test method="manual" sample="true"/><test method="manual"/><test method="manual"/></tests>
  </testset></judging>
  <files><resources><file path="files/testlib.h" type="h.g++"/></resources></files>
  <assets>
    <checker name="check.cpp" type="testlib"><source path="files/check.cpp" type="cpp.g++17"/></checker>
    <validators><validator><source path="files/val.cpp" type="cpp.g++17"/></validator></validators>
    <solutions>
      <solution tag="main"><source path="solutions/sum.cpp" type="cpp.g++17"/></solution>
      <solution tag="wrong-answer"><source path="solutions/diff.cpp" type="cpp.g++17"/></solution>
      <solution tag="time-limit-exceeded-or-accepted"><source path="solutions/slow.py" type="python.3"/></solution>
      <solution tag="rejected"><source path="solutions/brute.scala" type="scala"/></solution>
    </solutions>
  </assets>
</problem>`;
  return zipOf([
    ['problem.xml', xml],
    [
      'statements/chinese/problem-properties.json',
      JSON.stringify({ legend: '求 $a+b$。', input: '两个整数。', output: '和。' }),
    ],
    ...TESTS.flatMap(([i, o], k): [string, string][] => [
      [`tests/0${k + 1}`, i],
      [`tests/0${k + 1}.a`, o],
    ]),
    ['files/testlib.h', OWN_TESTLIB],
    ['files/check.cpp', SUM_CHECKER],
    ['files/val.cpp', '#include "testlib.h"\nint main() { return 0; }\n'],
    ['solutions/sum.cpp', SUM_SOLUTION],
    ['solutions/diff.cpp', WRONG_SOLUTION],
    ['solutions/slow.py', 'a, b = map(int, input().split())\nprint(a + b)\n'],
    ['solutions/brute.scala', 'object Main extends App {}\n'],
  ]);
}

/**
 * A Kattis package: samples and secret groups, validator flags, a C++ output validator with a
 * header beside it, an input validator and labelled submissions.
 */
export function kattisPackage(
  over: { yaml?: string; validator?: boolean; dir?: string; extra?: [string, string | Buffer][] } = {},
): Promise<Buffer> {
  const d = over.dir ?? '';
  const yaml =
    over.yaml ??
    `problem_format_version: legacy\nname:\n  en: Sum\n  zh: 求和\nsource: Test Contest 2026\nlimits:\n  memory: 512\n  output: 16\n  time_limit: 2\nvalidation: custom\nkeywords: math greedy\n`;
  const validator: [string, string][] =
    over.validator === false
      ? []
      : [
          [`${d}output_validators/sum_validator/validate.cpp`, KATTIS_VALIDATOR],
          [`${d}output_validators/sum_validator/sum.h`, KATTIS_HEADER],
        ];
  return zipOf([
    [`${d}problem.yaml`, yaml],
    [
      `${d}problem_statement/problem.en.tex`,
      '\\problemname{Sum}\nAdd two numbers.\n\\section*{Input}\nTwo integers $a$ and $b$.\n\\section*{Output}\nTheir sum.\n',
    ],
    [
      `${d}problem_statement/problem.zh.md`,
      '求两个整数的和。\n\n## Input\n\n两个整数 $a$、$b$。\n\n## Output\n\n它们的和。\n\n![图](pic.png)\n',
    ],
    [`${d}problem_statement/pic.png`, PNG],
    [`${d}data/sample/1.in`, '1 2\n'],
    [`${d}data/sample/1.ans`, '3\n'],
    [`${d}data/secret/group1/1.in`, '40 2\n'],
    [`${d}data/secret/group1/1.ans`, '42\n'],
    [`${d}data/secret/group1/10.in`, '10 10\n'],
    [`${d}data/secret/group1/10.ans`, '20\n'],
    [`${d}data/secret/group1/2.in`, '2 2\n'],
    [`${d}data/secret/group1/2.ans`, '4\n'],
    [`${d}data/secret/group2/1.in`, '-5 5\n'],
    [`${d}data/secret/group2/1.ans`, '0\n'],
    ...validator,
    [`${d}input_validators/validate.ctd`, 'INT(-1000,1000) SPACE INT(-1000,1000) NEWLINE EOF\n'],
    [`${d}submissions/accepted/sum.cpp`, SUM_SOLUTION],
    [`${d}submissions/accepted/sum.py`, 'a, b = map(int, input().split())\nprint(a + b)\n'],
    [`${d}submissions/wrong_answer/diff.cpp`, WRONG_SOLUTION],
    [`${d}submissions/time_limit_exceeded/slow.rs`, 'fn main() {}\n'],
    [`${d}submissions/run_time_error/multi/main.cpp`, 'int main() { return 1; }\n'],
    ...(over.extra ?? []),
  ]);
}

/** A DOMjudge zip: domjudge-problem.ini beside problem.yaml, jury solutions with @EXPECTED_RESULTS@. */
export function domjudgePackage(): Promise<Buffer> {
  return zipOf([
    [
      'domjudge-problem.ini',
      "short-name = sum\nname = 'DOMjudge 求和'\ntimelimit = 3\ncolor = #ff0000\nspecial_compare = float\n",
    ],
    ['problem.yaml', 'limits:\n  memory: 128\nvalidator_flags: float_tolerance 1e-6 case_sensitive\n'],
    ['problem.pdf', '%PDF-1.4\n'],
    ['data/sample/1.in', '1 2\n'],
    ['data/sample/1.ans', '3\n'],
    ['data/secret/1.in', '2 2\n'],
    ['data/secret/1.ans', '4\n'],
    ['submissions/accepted/a.cpp', `// @EXPECTED_RESULTS@: CORRECT\n${SUM_SOLUTION}`],
    [
      'submissions/mixed/b.c',
      '/* @EXPECTED_RESULTS@: WRONG-ANSWER, TIMELIMIT */\nint main(void) { return 0; }\n',
    ],
    ['submissions/mixed/c.java', 'class Main { public static void main(String[] a) {} }\n'],
  ]);
}

/** An FPS file whose special judge is `spj` (language as given). */
export function fpsWithSpj(title: string, spj: string, language = 'C++'): Buffer {
  const tests = TESTS.map(
    ([i, o]) => `<test_input><![CDATA[${i}]]></test_input><test_output><![CDATA[${o}]]></test_output>`,
  ).join('');
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?><fps version="1.2"><item><title><![CDATA[${title}]]></title>` +
      `<time_limit unit="s">1</time_limit><memory_limit unit="mb">128</memory_limit>` +
      `<description><![CDATA[<p>求 a+b</p>]]></description><sample_input>1 2</sample_input><sample_output>3</sample_output>${tests}` +
      `<spj language="${language}"><![CDATA[${spj}]]></spj>` +
      `<solution language="C++"><![CDATA[${SUM_SOLUTION}]]></solution></item></fps>`,
  );
}

/**
 * Generators of the Polygon package without its generated tests, written for these tests against
 * our own testlib.h (the package brings none, so the judge's is compiled beside them).
 * `gen a b` prints "a b"; `gen rand m` two numbers of [-m, m] from testlib's `rnd`, seeded by the
 * command line.
 */
export const GEN_SOURCE = `#include "testlib.h"
#include <cstdio>
#include <cstdlib>
#include <cstring>
int main(int argc, char* argv[]) {
    registerGen(argc, argv, 1);
    if (argc == 3 && std::strcmp(argv[1], "rand") == 0) {
        int m = std::atoi(argv[2]);
        std::printf("%d %d\\n", rnd.next(-m, m), rnd.next(-m, m));
        return 0;
    }
    std::printf("%s %s\\n", argv[1], argv[2]);
}
`;

/** testlib multigen: `multi n` writes the files 1..n, test k being "100k k". */
const MULTI_SOURCE = `#include <cstdio>
#include <cstdlib>
int main(int argc, char* argv[]) {
    for (int k = 1; k <= std::atoi(argv[1]); k++) {
        char name[16];
        std::snprintf(name, sizeof name, "%d", k);
        FILE* f = std::fopen(name, "w");
        std::fprintf(f, "%d %d\\n", 100 * k, k);
        std::fclose(f);
    }
}
`;

/** Fails as testlib generators do (FAIL …, exit 3). */
const CRASH_SOURCE = `#include "testlib.h"
int main(int argc, char* argv[]) {
    registerGen(argc, argv, 1);
    quitf(_fail, "crash on purpose");
}
`;

/**
 * Forks what it can and writes where it should not (`escape`, a host path): it prints how many
 * forks succeeded and whether the file opened, as a test "forks opened".
 */
export const hostileGenerator = (escape: string) => `#include <cstdio>
#include <unistd.h>
int main() {
    int forked = 0;
    for (int i = 0; i < 100; i++) { pid_t p = fork(); if (p == 0) { for (;;) fork(); } if (p > 0) forked++; }
    FILE* f = std::fopen("${escape}", "w");
    std::printf("%d %d\\n", forked, f ? 1 : 0);
}
`;

/**
 * A Polygon package built without its generated tests (issue 24): of its 10 tests only 1 (sample)
 * and 8 are files; the others are generator commands (`gen`, testlib multigen `multi` with
 * `from-file`, a generator that fails, one that loops, a hostile one) and answers come from the
 * main solution. Points per test: 0, 20, 10, 10, 10, 10, 10, 10, 10, 10.
 */
export function polygonGenerated(escape: string): Promise<Buffer> {
  const test = (attrs: string, points: number) => `<test ${attrs} points="${points}"/>`;
  const xml = `<?xml version="1.0" encoding="utf-8"?>
<problem short-name="sum-generated">
  <names><name language="chinese" value="生成测试点的求和"/></names>
  <judging><testset name="tests"><time-limit>1000</time-limit><memory-limit>268435456</memory-limit>
    <test-count>10</test-count><input-path-pattern>tests/%02d</input-path-pattern><answer-path-pattern>tests/%02d.a</answer-path-pattern>
    <tests>
      ${test('method="manual" sample="true"', 0)}
      ${test('method="generated" cmd="gen 10 3"', 20)}
      ${test('method="generated" cmd="gen rand 1000"', 10)}
      ${test('method="generated" cmd="crash 1"', 10)}
      ${test('method="generated" cmd="multi 2" from-file="2"', 10)}
      ${test('method="generated" cmd="multi 2" from-file="1"', 10)}
      ${test('method="generated" cmd="loop"', 10)}
      ${test('method="manual"', 10)}
      ${test('method="generated" cmd="gen rand 1000 &gt; $"', 10)}
      ${test('method="generated" cmd="evil"', 10)}
    </tests>
  </testset></judging>
  <files><executables>
    <executable><source path="files/gen.cpp" type="cpp.g++17"/></executable>
    <executable><source path="files/multi.cpp" type="cpp.g++17"/></executable>
    <executable><source path="files/crash.cpp" type="cpp.g++17"/></executable>
    <executable><source path="files/loop.cpp" type="cpp.g++17"/></executable>
    <executable><source path="files/evil.cpp" type="cpp.g++17"/></executable>
  </executables></files>
  <assets>
    <checker name="std::wcmp.cpp" type="testlib"/>
    <solutions>
      <solution tag="main"><source path="solutions/sum.cpp" type="cpp.g++17"/></solution>
      <solution tag="wrong-answer"><source path="solutions/diff.cpp" type="cpp.g++17"/></solution>
    </solutions>
  </assets>
</problem>`;
  return zipOf([
    ['problem.xml', xml],
    ['statements/chinese/problem-properties.json', JSON.stringify({ legend: '求 $a+b$。' })],
    ['tests/01', '1 2\n'],
    ['tests/01.a', '3\n'],
    ['tests/08', '-5 5\n'],
    ['tests/08.a', '0\n'],
    ['files/gen.cpp', GEN_SOURCE],
    ['files/multi.cpp', MULTI_SOURCE],
    ['files/crash.cpp', CRASH_SOURCE],
    ['files/loop.cpp', 'int main() { for (volatile int i = 0;; i++) {} }\n'],
    ['files/evil.cpp', hostileGenerator(escape)],
    ['solutions/sum.cpp', SUM_SOLUTION],
    ['solutions/diff.cpp', WRONG_SOLUTION],
  ]);
}
