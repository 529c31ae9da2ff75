import { OWN_TESTLIB, SUM_CHECKER } from './package-fixtures';
import { zipOf } from './test-fixtures';

/**
 * Small packages of each format with a problem type or scoring beyond all-or-nothing (issue 24
 * item 4), built in the tests. The interactive problem of all of them: guess a hidden number
 * (the test's input) in at most 10 questions `? x`, answered `<`, `>` or `=`; `! x` ends.
 */

/** A testlib interactor of the guessing game. */
export const GUESS_INTERACTOR = `#include "testlib.h"
#include <iostream>
#include <string>
int main(int argc, char* argv[]) {
    registerInteraction(argc, argv);
    int secret = inf.readInt();
    for (int asked = 0; asked <= 10; asked++) {
        std::string op = ouf.readToken();
        int x = ouf.readInt();
        if (op == "!") {
            if (x == secret) quitf(_ok, "guessed %d in %d questions", x, asked);
            quitf(_wa, "answered %d, the number was %d", x, secret);
        }
        if (op != "?") quitf(_pe, "expected ? or !, found %s", op.c_str());
        std::cout << (secret < x ? "<" : secret > x ? ">" : "=") << std::endl;
    }
    quitf(_wa, "too many questions");
}
`;

/** A solver of the guessing game (binary search over 1..1000). */
export const GUESS_SOLUTION = `#include <iostream>
#include <string>
int main() {
    int lo = 1, hi = 1000;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        std::cout << "? " << mid << std::endl;
        std::string r;
        std::cin >> r;
        if (r == "=") { lo = hi = mid; break; }
        if (r == "<") hi = mid - 1; else lo = mid + 1;
    }
    std::cout << "! " << lo << std::endl;
}
`;

/** Always answers 1 without asking. */
export const GUESS_WRONG = '#include <iostream>\nint main() { std::cout << "! 1" << std::endl; }\n';

const GUESS_TESTS = ['500\n', '1\n', '777\n'];

/**
 * A Polygon package of the guessing game: a testlib interactor with the package's own testlib.h,
 * and a checker that Polygon runs on what the interactor wrote (tout).
 */
export function polygonInteractive(
  own: { testlib: string; checker: boolean } = { testlib: OWN_TESTLIB, checker: true },
): Promise<Buffer> {
  // Without a checker of its own: testlib's wcmp, which our judge runs as its default comparison.
  const checker = own.checker
    ? '<checker name="check.cpp" type="testlib"><source path="files/check.cpp" type="cpp.g++17"/></checker>'
    : '<checker name="std::wcmp.cpp" type="testlib"/>';
  const xml = `<?xml version="1.0" encoding="utf-8"?>
<problem short-name="guess">
  <names><name language="chinese" value="猜数"/></names>
  <judging input-file="" output-file=""><testset name="tests"><time-limit>1000</time-limit><memory-limit>268435456</memory-limit>
    <test-count>3</test-count><input-path-pattern>tests/%02d</input-path-pattern><answer-path-pattern>tests/%02d.a</answer-path-pattern>
    <tests><test method="manual"/><test method="manual"/><test method="manual"/></tests>
  </testset></judging>
  <files><resources><file path="files/testlib.h" type="h.g++"/></resources></files>
  <assets>
    ${checker}
    <interactor><source path="files/interactor.cpp" type="cpp.g++17"/></interactor>
    <solutions><solution tag="main"><source path="solutions/guess.cpp" type="cpp.g++17"/></solution></solutions>
  </assets>
</problem>`;
  return zipOf([
    ['problem.xml', xml],
    ['statements/chinese/problem-properties.json', JSON.stringify({ legend: '猜一个数。' })],
    ...GUESS_TESTS.flatMap((t, k): [string, string][] => [
      [`tests/0${k + 1}`, t],
      [`tests/0${k + 1}.a`, ''],
    ]),
    ['files/testlib.h', own.testlib],
    ...(own.checker ? [['files/check.cpp', SUM_CHECKER] as [string, string]] : []),
    ['files/interactor.cpp', GUESS_INTERACTOR],
    ['solutions/guess.cpp', GUESS_SOLUTION],
  ]);
}

/**
 * A Polygon package scored by groups: samples (group 0, no points), group 1 complete-group worth
 * 40 depending on 0, group 2 each-test worth 30 + 30 depending on 1; file I/O `sum.in` / `sum.out`.
 * Test 3 is generated and missing, so Polygon's tests 4..6 are ours 3..5.
 */
export function polygonGroups(): Promise<Buffer> {
  const xml = `<?xml version="1.0" encoding="utf-8"?>
<problem short-name="sum-groups">
  <names><name language="chinese" value="分组求和"/></names>
  <judging input-file="sum.in" output-file="sum.out"><testset name="tests"><time-limit>1000</time-limit><memory-limit>268435456</memory-limit>
    <test-count>6</test-count><input-path-pattern>tests/%02d</input-path-pattern><answer-path-pattern>tests/%02d.a</answer-path-pattern>
    <tests>
      <test method="manual" sample="true" group="0" points="0"/>
      <test method="manual" group="1" points="20"/>
      <test method="generated" cmd="gen 3" group="1" points="10"/>
      <test method="manual" group="1" points="10"/>
      <test method="manual" group="2" points="30"/>
      <test method="manual" group="2" points="30"/>
    </tests>
    <groups>
      <group name="0" points="0" points-policy="each-test" feedback-policy="complete"/>
      <group name="1" points="40" points-policy="complete-group" feedback-policy="icpc"><dependencies><dependency group="0"/></dependencies></group>
      <group name="2" points-policy="each-test" feedback-policy="complete"><dependencies><dependency group="1"/></dependencies></group>
    </groups>
  </testset></judging>
  <assets><checker name="std::ncmp.cpp" type="testlib"/></assets>
</problem>`;
  const present = [1, 2, 4, 5, 6];
  return zipOf([
    ['problem.xml', xml],
    ['statements/chinese/problem-properties.json', JSON.stringify({ legend: '求和。' })],
    ...present.flatMap((n): [string, string][] => [
      [`tests/0${n}`, `${n} ${n}\n`],
      [`tests/0${n}.a`, `${2 * n}\n`],
    ]),
  ]);
}

/** A Kattis interactive package: the output validator (Kattis protocol) is the interactor. */
export const KATTIS_GUESS = `#include <fstream>
#include <iostream>
#include <string>
int main(int argc, char* argv[]) {
    std::ifstream in(argv[1]);
    int secret;
    in >> secret;
    for (int asked = 0; asked <= 10; asked++) {
        std::string op;
        int x;
        if (!(std::cin >> op >> x)) return 43;
        if (op == "!") return x == secret ? 42 : 43;
        std::cout << (secret < x ? "<" : secret > x ? ">" : "=") << std::endl;
    }
    return 43;
}
`;

/** A Kattis interactive package of the guessing game (legacy format). */
export function kattisInteractive(): Promise<Buffer> {
  return zipOf([
    [
      'problem.yaml',
      'problem_format_version: legacy\nname: Guess\nvalidation: custom interactive\nlimits:\n  time_limit: 1\n',
    ],
    ['problem_statement/problem.en.md', 'Guess the number.\n'],
    ['output_validators/guess/guess.cpp', KATTIS_GUESS],
    ['data/sample/1.in', '500\n'],
    ['data/sample/1.ans', ''],
    ['data/sample/1.interaction', '> ? 500\n< =\n> ! 500\n'],
    ...GUESS_TESTS.flatMap((t, k): [string, string][] => [
      [`data/secret/${k + 1}.in`, t],
      [`data/secret/${k + 1}.ans`, ''],
    ]),
  ]);
}

/** A HydroOJ interactive problem whose interactor uses the judge's testlib.h (none in the package). */
export function hydroInteractive(): Promise<Buffer> {
  return zipOf([
    ['G/problem.yaml', 'title: Hydro 猜数\n'],
    ['G/problem_zh.md', '猜数。'],
    ['G/testdata/config.yaml', 'type: interactive\ninteractor: interactor.cc\ntime: 1s\nmemory: 256m\n'],
    ['G/testdata/interactor.cc', GUESS_INTERACTOR],
    ...GUESS_TESTS.flatMap((t, k): [string, string][] => [
      [`G/testdata/${k + 1}.in`, t],
      [`G/testdata/${k + 1}.out`, ''],
    ]),
  ]);
}

/** HydroOJ: a graded problem with file I/O, subtasks with dependencies, a grader, and an interactive one. */
export function hydroJudged(): Promise<Buffer> {
  const graded = `type: default
time: 1s
memory: 256m
filename: sum
user_extra_files: [grader.h, grader.cpp, template.py]
langs: [cc]
subtasks:
  - id: 1
    score: 30
    type: min
    cases: [{input: 1.in, output: 1.out}, {input: 2.in, output: 2.out}]
  - id: 2
    score: 70
    type: sum
    if: [1]
    cases: [{input: 3.in, output: 3.out}, {input: 4.in, output: 4.out}]
`;
  const interactive = `type: interactive
interactor: interactor.cc
subtasks:
  - score: 100
    cases: [{input: 1.in, output: 1.out}]
`;
  return zipOf([
    ['A/problem.yaml', 'title: 分组\n'],
    ['A/problem_zh.md', '求和。'],
    ['A/testdata/config.yaml', graded],
    ['A/testdata/grader.h', 'long long solve(long long a, long long b);\n'],
    ['A/testdata/grader.cpp', '#include "grader.h"\nint main() { return 0; }\n'],
    ['A/testdata/template.py', 'pass\n'],
    ...[1, 2, 3, 4].flatMap((n): [string, string][] => [
      [`A/testdata/${n}.in`, `${n} ${n}\n`],
      [`A/testdata/${n}.out`, `${2 * n}\n`],
    ]),
    ['B/problem.yaml', 'title: 猜数\n'],
    ['B/problem_zh.md', '猜数。'],
    ['B/testdata/config.yaml', interactive],
    ['B/testdata/interactor.cc', GUESS_INTERACTOR],
    ['B/testdata/testlib.h', OWN_TESTLIB],
    ['B/testdata/1.in', '500\n'],
    ['B/testdata/1.out', ''],
  ]);
}

/** A QDUOJ OI problem with per-test scores and file I/O. */
export function qduojOi(): Promise<Buffer> {
  const json = {
    title: 'OI 求和',
    description: { format: 'markdown', value: '求和' },
    time_limit: 1000,
    memory_limit: 256,
    rule_type: 'OI',
    io_mode: { io_mode: 'File IO', input: 'input.txt', output: 'output.txt' },
    test_case_score: [
      { input_name: '1.in', output_name: '1.out', score: 30 },
      { input_name: '2.in', output_name: '2.out', score: 70 },
    ],
  };
  return zipOf([
    ['1/problem.json', JSON.stringify(json)],
    ['1/testcase/1.in', '1 2\n'],
    ['1/testcase/1.out', '3\n'],
    ['1/testcase/2.in', '2 2\n'],
    ['1/testcase/2.out', '4\n'],
  ]);
}
