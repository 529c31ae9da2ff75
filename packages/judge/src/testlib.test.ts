import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CXX_FLAGS } from './languages';
import { ROOT } from './paths';

// The shipped testlib.h tested as a library: small programs written against it
// (packages/judge/test/testlib) are compiled on the host with g++ (the header is under test here,
// not the sandbox) and run on inputs whose exit codes and messages were measured once with the
// original testlib 0.9.45; they must not drift. docs/testlib.md describes the protocol.

const HEADER_DIR = join(ROOT, 'packages', 'judge', 'testlib');
const SOURCES = join(ROOT, 'packages', 'judge', 'test', 'testlib');
const STRICT = ['-Wall', '-Wextra', '-Werror'];

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[], stdin = ''): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.on('error', () => {}); // a program may exit before reading all of its input
    child.stdin.end(stdin);
  });
}

async function gxx(args: string[]): Promise<void> {
  const r = await run('g++', args);
  if (r.code !== 0) throw new Error(`g++ ${args.join(' ')}\n${r.stderr}`);
}

let dir: string;
const bin = (name: string) => join(dir, name);
let files = 0;
async function file(content: string | Buffer): Promise<string> {
  const path = join(dir, `f${++files}`);
  await writeFile(path, content);
  return path;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'oj-testlib-'));
  // One compile per program, all at once; the judge's own flags, and no warning allowed.
  const compile = (name: string, header = true) =>
    gxx([
      ...CXX_FLAGS,
      ...STRICT,
      ...(header ? ['-I', HEADER_DIR] : []),
      '-o',
      bin(name),
      join(SOURCES, `${name}.cpp`),
    ]);
  await Promise.all([
    compile('checker'),
    compile('validator'),
    compile('interactor'),
    compile('generator'),
    compile('guesser', false),
  ]);
}, 120_000);

afterAll(() => rm(dir, { recursive: true, force: true }));

describe('testlib.h compiles', () => {
  it.each(['c++11', 'c++20'])(
    'as %s, warning-free with -Wpedantic',
    async (std) => {
      await Promise.all(
        ['checker', 'generator'].map((name) =>
          gxx([
            `-std=${std}`,
            '-fsyntax-only',
            '-Wpedantic',
            ...STRICT,
            '-I',
            HEADER_DIR,
            join(SOURCES, `${name}.cpp`),
          ]),
        ),
      );
    },
    60_000,
  );
});

describe('testlib.h in a checker', () => {
  async function check(mode: string, answer: string, output: string | Buffer) {
    return run(bin('checker'), [await file(`${mode}\n`), await file(output), await file(answer)]);
  }

  // [mode, answer, output, exit code, stderr], measured with the original testlib.
  const cases: [string, string, string, number, string][] = [
    ['sum', '3\n', '3\n', 0, 'ok sum is 3\n'],
    ['sum', '3\n', '4\n', 1, 'wrong answer expected 3, found 4\n'],
    ['sum', '3\n', 'three\n', 2, 'wrong output format Expected integer, but "three" found\n'],
    ['sum', '3\n', '', 2, 'wrong output format Unexpected end of file - int64 expected\n'],
    ['sum', '3\n', '3 3\n', 2, 'wrong output format Extra information in the output file\n'],
    ['sum', '3\n', '  3 \r\n\n\t', 0, 'ok sum is 3\n'],
    [
      'sum',
      '3\n',
      '9223372036854775808\n',
      2,
      'wrong output format Expected integer, but "9223372036854775808" found\n',
    ],
    ['sum', '-9223372036854775808\n', '-9223372036854775808\n', 0, 'ok sum is -9223372036854775808\n'],
    ['sum', '0\n', '-0\n', 2, 'wrong output format Expected integer, but "-0" found\n'],
    ['sum', '3\n', '03\n', 2, 'wrong output format Expected integer, but "03" found\n'],
    ['sum', '3\n', '+3\n', 2, 'wrong output format Expected integer, but "+3" found\n'],
    ['range', '', '1000000000\n', 0, 'ok x = 1000000000\n'],
    [
      'range',
      '',
      '0\n',
      1,
      'wrong answer Integer parameter [name=x] equals to 0, violates the range [1, 10^9]\n',
    ],
    ['range', '', '2147483648\n', 2, 'wrong output format Expected int32, but "2147483648" found\n'],
    ['word', '', 'abc\n', 0, 'ok word abc\n'],
    [
      'word',
      '',
      'ABC\n',
      1,
      'wrong answer Token parameter [name=w] equals to "ABC", doesn\'t correspond to pattern "[a-z]{1,3}"\n',
    ],
    [
      'word',
      '',
      'abcd\n',
      1,
      'wrong answer Token parameter [name=w] equals to "abcd", doesn\'t correspond to pattern "[a-z]{1,3}"\n',
    ],
    ['real', '3.14159265\n', '3.1415930\n', 0, 'ok close to 3.142\n'],
    ['real', '3.14159265\n', '3.1416\n', 1, 'wrong answer expected 3.1415927, found 3.1416000\n'],
    ['real', '1000000\n', '1000000.9\n', 0, 'ok close to 1000000.000\n'], // relative error 9e-7
    ['real', '1\n', 'nan\n', 2, 'wrong output format Expected double, but "nan" found\n'],
    ['real', '1e400\n', '1e999\n', 0, 'ok close to inf\n'],
    ['lines', 'a b\nc\n', 'a b\r\nc', 0, 'ok 2 lines\n'],
    ['lines', 'a b\nc\n', 'a b\nd\n', 1, "wrong answer 2nd lines differ: 'c' vs 'd'\n"],
    ['lines', 'a b\n', 'a  b\n', 1, "wrong answer 1st lines differ: 'a b' vs 'a  b'\n"],
    ['expect', '5\n', '6\n', 1, "wrong answer query 3: expected '5', but found '6'\n"],
    ['empty', '', '', 0, 'ok \n'],
    ['what', '', '', 3, 'FAIL unknown mode what\n'],
  ];
  it.each(cases)('%s: answer %j, output %j -> exit %i', async (mode, answer, output, code, stderr) => {
    expect(await check(mode, answer, output)).toEqual({ code, stdout: '', stderr });
  });

  it('skips a UTF-8 byte order mark in the output', async () => {
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('3\n')]);
    expect((await check('sum', '3\n', bom)).stderr).toBe('ok sum is 3\n');
  });

  it('reports scores: quitp with a double or an int exits 7, _pc(n) exits n', async () => {
    expect(await check('points', '', '0.5\n')).toMatchObject({ code: 7, stderr: 'points 0.5 share 0.50\n' });
    expect(await check('points', '', '0.333333333333\n')).toMatchObject({
      code: 7,
      stderr: 'points 0.3333333333 share 0.33\n',
    });
    expect(await check('ipoints', '', '7\n')).toMatchObject({ code: 7, stderr: 'points 7\n' });
    expect(await check('ipoints', '', '-1\n')).toMatchObject({
      code: 3,
      stderr: "FAIL Parameter 'points' can't be negative\n",
    });
    expect(await check('points', '', '1.5\n')).toMatchObject({
      code: 1,
      stderr: 'wrong answer Double parameter [name=share] equals to 1.5, violates the range [0, 1]\n',
    });
    expect(await check('partial', '', '13\n')).toMatchObject({
      code: 13,
      stderr: 'partially correct (13) partial\n',
    });
    // A score is an acceptance: output left unread is still a presentation error.
    expect(await check('partial', '', '13 x\n')).toMatchObject({
      code: 2,
      stderr: 'wrong output format Extra information in the output file\n',
    });
  });

  it("blames the jury, with the file's name, for a broken answer; a missing output is the participant's", async () => {
    const answer = await file('x\n');
    const r = await run(bin('checker'), [await file('sum\n'), await file('3\n'), answer]);
    expect(r).toMatchObject({ code: 3, stderr: `FAIL Expected integer, but "x" found (${answer})\n` });
    const missing = join(dir, 'nothing-here');
    expect(await run(bin('checker'), [await file('sum\n'), missing, answer])).toMatchObject({
      code: 2,
      stderr: `wrong output format Output file not found: "${missing}"\n`,
    });
  });

  it('fails with the usage when run without its three files', async () => {
    const r = await run(bin('checker'), [await file('sum\n')]);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/^FAIL Program must be run with the following arguments: /);
  });
});

describe('testlib.h in a validator (strict reading)', () => {
  // [what, stdin, exit code, stderr], measured with the original testlib.
  const cases: [string, string, number, string][] = [
    ['valid', '3 abc\n1 -2 3\nyes\n', 0, ''],
    [
      'two spaces',
      '3  abc\n1 -2 3\nyes\n',
      3,
      'FAIL Unexpected white-space - token expected (stdin, line 1)\n',
    ],
    [
      'a tab',
      '3\tabc\n1 2 3\nyes\n',
      3,
      "FAIL Unexpected character '\t', but ' ' expected (stdin, line 1)\n",
    ],
    ['CRLF', '3 abc\r\n1 -2 3\r\nyes\r\n', 3, 'FAIL Expected EOLN (stdin, line 1)\n'],
    [
      'n = 0',
      '0 abc\n\nyes\n',
      3,
      'FAIL Integer parameter [name=n] equals to 0, violates the range [1, 100000] (stdin, line 1)\n',
    ],
    [
      'a[2] too big',
      '3 abc\n1 2000000000000 3\nyes\n',
      3,
      'FAIL Integer element a[2] equals to 2000000000000, violates the range [-10^12, 10^12] (stdin, line 2)\n',
    ],
    [
      'name pattern',
      '3 Abc\n1 2 3\nyes\n',
      3,
      'FAIL Token parameter [name=name] equals to "Abc", doesn\'t correspond to pattern "[a-z]{1,10}" (stdin, line 1)\n',
    ],
    ['leading zero', '3 abc\n1 02 3\nyes\n', 3, 'FAIL Expected integer, but "02" found (stdin, line 2)\n'],
    ['too few', '3 abc\n1 2\nyes\n', 3, "FAIL Unexpected character #10, but ' ' expected (stdin, line 2)\n"],
    ['trailing space', '3 abc\n1 2 3 \nyes\n', 3, 'FAIL Expected EOLN (stdin, line 2)\n'],
    ['no last line break', '3 abc\n1 2 3\nyes', 3, 'FAIL Expected EOLN (stdin, line 3)\n'],
    ['blank line at the end', '3 abc\n1 2 3\nyes\n\n', 3, 'FAIL Expected EOF (stdin, line 4)\n'],
    [
      'line pattern',
      '3 abc\n1 2 3\nmaybe\n',
      3,
      'FAIL Line [name=verdict] equals to "maybe", doesn\'t correspond to pattern "yes|no" (stdin, line 3)\n',
    ],
    ['empty', '', 3, 'FAIL Unexpected end of file - token expected (stdin, line 1)\n'],
  ];
  it.each(cases)('%s', async (_what, stdin, code, stderr) => {
    expect(await run(bin('validator'), [], stdin)).toEqual({ code, stdout: '', stderr });
  });

  it('writes the test overview (bounds hit, features, variables) for a valid test', async () => {
    const r = await run(
      bin('validator'),
      ['--testOverviewLogFileName', 'stderr'],
      '1 z\n1000000000000\nno\n',
    );
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(
      [
        '"a": max-value-hit',
        '"n": min-value-hit',
        'feature "negative":',
        'constant-bounds "a": -1000000000000 1000000000000',
        'constant-bounds "n": 1 100000',
        'variable "a"',
        'variable "n"',
        'variable "name"',
        'variable "verdict"',
        '',
      ].join('\n'),
    );
  });
});

describe('testlib.h in an interactor', () => {
  // The interactor and the guesser talk through two pipes, as in the judge.
  async function interact(how: string[]) {
    const secret = await file('37\n');
    const tout = join(dir, `tout${++files}`);
    const guesser = spawn(bin('guesser'), how);
    const interactor = spawn(bin('interactor'), [secret, tout]);
    for (const s of [guesser.stdin, interactor.stdin]) s.on('error', () => {});
    guesser.stdout.pipe(interactor.stdin);
    interactor.stdout.pipe(guesser.stdin);
    let stderr = '';
    interactor.stderr.on('data', (d) => (stderr += d));
    const [code] = await Promise.all([
      new Promise<number | null>((resolve) => interactor.on('close', resolve)),
      new Promise((resolve) => guesser.on('close', resolve)),
    ]);
    return { code, stderr, tout: await readFile(tout, 'utf8') };
  }

  it('answers queries as they come and writes tout for the checker', async () => {
    expect(await interact([])).toEqual({ code: 0, stderr: 'ok found 37 with 4 queries\n', tout: '37\n' });
    expect(await interact(['off'])).toEqual({
      code: 1,
      stderr: 'wrong answer answered 38, the number was 37\n',
      tout: '38\n',
    });
  });

  it('judges what the solution sends: garbage, or nothing before it exits', async () => {
    expect(await interact(['junk'])).toEqual({
      code: 1,
      stderr:
        'wrong answer Token parameter [name=kind] equals to "hello", doesn\'t correspond to pattern "[?!]"\n',
      tout: '',
    });
    expect(await interact(['quit'])).toEqual({
      code: 2,
      stderr: 'wrong output format Unexpected end of file - token expected\n',
      tout: '',
    });
  });
});

describe('testlib.h in a generator', () => {
  // The same command line draws the same numbers as the original testlib (values measured with it).
  it.each([
    [
      ['-n', '6'],
      '80 666771873346 3\n0.078061\nvuvuwcay yes\n447 188\n5 2 6 4 1 3\n3 8 6\n4 4 1 11\n2 5 1 3 6 4\n',
    ],
    [
      ['abc'],
      '27 932394218000 5\n0.531758\niyfjjbny yes\n646 156\n4 2 1 3 5\n10 7 6\n9 1 3 7\n6 4 2 5 1 3\n',
    ],
    [[], '85 724111874859 3\n0.570933\nuegmdbyf yes\n901 316\n1 5 4 2 3\n10 9 5\n7 9 1 3\n2 3 5 6 4 1\n'],
  ])('rnd for argv %j', async (args, stdout) => {
    expect(await run(bin('generator'), args)).toEqual({ code: 0, stdout, stderr: '' });
  });

  it('rejects a malformed opt, and an opt nobody read once defaults are in use', async () => {
    expect(await run(bin('generator'), ['-n', 'x'])).toMatchObject({
      code: 3,
      stdout: '',
      stderr: "FAIL Opts: expected integer but 'x' found\n",
    });
    expect(await run(bin('generator'), ['-n', '3', '-m', '4'])).toMatchObject({
      code: 3,
      stderr: "FAIL Opts: unused key 'm'\n",
    });
  });
});
