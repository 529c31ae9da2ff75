import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { JobFile } from '@oj/shared';
import { runCustom } from './custom';
import { judgeFixture, sandboxReady, sha256Of } from '../test/fixture';

const ready = await sandboxReady();

const problemFile = (path: string) =>
  readFileSync(join(import.meta.dirname, '..', 'test', 'problems', path), 'utf8');
const file = (name: string, path = `grader/${name}`): JobFile => ({ name, content: problemFile(path) });

describe.skipIf(!ready.ok)('output-only problems (提交答案)', () => {
  const tests = [
    { name: '1', input: '1 2\n', answer: '3\n' },
    { name: '2', input: '5 5\n', answer: '10\n' },
    { name: '3', input: '7 8\n', answer: '15\n' },
  ];

  it('checks each submitted answer file; a missing one is WA; nothing is compiled or run', async () => {
    const stored = '10\n';
    const events: string[] = [];
    const r = await judgeFixture({
      language: 'C++',
      source: '',
      tests,
      mode: 'all',
      storeFiles: [stored],
      extra: {
        type: 'output-only',
        answers: [
          { test: '1', content: '3\n' },
          { test: '2', hash: sha256Of(stored) },
        ],
      },
      onProgress: (e) => events.push(e.kind),
    });
    expect(r.tests.map((t) => [t.name, t.status, t.message])).toEqual([
      ['1', 'AC', '1 个记号，完全一致'],
      ['2', 'AC', '1 个记号，完全一致'],
      ['3', 'WA', '没有提交测试点 3 的答案文件'],
    ]);
    expect(r).toMatchObject({ status: 'WA', compileMessage: '', timeMs: 0 });
    expect(events[0]).toBe('compiling');
  }, 60_000);

  it('the special checker checks answer files too', async () => {
    const r = await judgeFixture({
      language: 'C++',
      source: '',
      tests: [{ name: '1', input: '', answer: '1 2 3 4\n' }],
      checker: { kind: 'special', language: 'C++', source: problemFile('checkers/points.cpp') },
      extra: { type: 'output-only', answers: [{ test: '1', content: '1 2 0 0' }], scoring: {} },
    });
    expect(r.tests[0]).toMatchObject({ status: 'WA', score: { fraction: 0.5, earned: 50 } });
    expect(r.score).toBe(50);
  }, 60_000);
});

describe.skipIf(!ready.ok)('file I/O problems (NOI style)', () => {
  const io = { input: 'sum.in', output: 'sum.out' };
  const tests = [
    { name: 'ok', input: '1 2\n', answer: '3\n' },
    { name: 'stdout', input: '2 2\n', answer: '4\n' },
    { name: 'none', input: '3 3\n', answer: '6\n' },
    { name: 'link', input: '4 4\n', answer: '8\n' },
  ];
  // Reads sum.in; "stdout" prints on stdout only, "none" writes no file, "link" leaves a symlink.
  const source = `
#include <stdio.h>
#include <unistd.h>
int main(void) {
  long long a, b;
  FILE *in = fopen("sum.in", "r");
  if (!in || fscanf(in, "%lld %lld", &a, &b) != 2) return 1;
  printf("%lld\\n", a + b);
  if (a == 2 || a == 3) return 0;
  if (a == 4) return symlink("/etc/passwd", "sum.out");
  FILE *out = fopen("sum.out", "w");
  fprintf(out, "%lld\\n", a + b);
  return 0;
}
`;

  it('reads the input file in its directory and is judged on the output file it leaves', async () => {
    const r = await judgeFixture({ language: 'C', source, tests, mode: 'all', extra: { io } });
    expect(r.tests.map((t) => [t.name, t.status, t.message])).toEqual([
      ['ok', 'AC', '1 个记号，完全一致'],
      ['stdout', 'WA', '没有找到输出文件 sum.out'],
      ['none', 'WA', '没有找到输出文件 sum.out'],
      ['link', 'WA', '输出文件 sum.out 不是普通文件'],
    ]);
  }, 60_000);

  it('a special checker reads the output file whatever mode the program gave it', async () => {
    const hiding = source
      .replace('  return 0;\n}', '  fclose(out);\n  return chmod("sum.out", 0);\n}')
      .replace('#include <unistd.h>', '#include <unistd.h>\n#include <sys/stat.h>');
    const r = await judgeFixture({
      language: 'C',
      source: hiding,
      tests: tests.slice(0, 1),
      checker: { kind: 'special', language: 'C++', source: problemFile('checkers/points.cpp') },
      extra: { io },
    });
    expect(r.tests[0]).toMatchObject({ status: 'AC', message: 'ok all 1 right' });
  }, 60_000);

  it('runs as a custom test, showing the output file', async () => {
    const r = await runCustom({
      language: 'C',
      source,
      input: '20 22\n',
      limits: { timeMs: 1000, memoryMiB: 64 },
      io,
    });
    expect(r).toMatchObject({ status: 'AC', stdout: '42\n' });
    const none = await runCustom({
      language: 'C',
      source,
      input: '3 3',
      limits: { timeMs: 1000, memoryMiB: 64 },
      io,
    });
    expect(none).toMatchObject({ status: 'AC', stdout: '', message: '没有找到输出文件 sum.out' });
  }, 60_000);
});

describe.skipIf(!ready.ok)('grader problems', () => {
  const tests = [
    { name: '1', input: '3\n1 2 3\n', answer: '6\n' },
    { name: '2', input: '2\n1000000000000 5\n', answer: '1000000000005\n' },
  ];
  const contestant =
    '#include "grader.h"\nlong long total(const std::vector<long long> &v) {\n  long long s = 0;\n  for (long long x : v) s += x;\n  return s;\n}\n';

  it('compiles the submission with grader.cpp and grader.h in one compiler call (C++)', async () => {
    const r = await judgeFixture({
      language: 'C++',
      source: contestant,
      tests,
      extra: { grader: { files: [file('grader.cpp'), file('grader.h')], submissionName: 'solution.cpp' } },
    });
    expect(r.tests.map((t) => t.status)).toEqual(['AC', 'AC']);
  }, 60_000);

  it('a grader may include the submission instead; a submission with its own main does not link', async () => {
    const included = await judgeFixture({
      language: 'C++',
      source: contestant.replace('#include "grader.h"\n', ''),
      tests,
      extra: {
        grader: {
          files: [file('grader.cpp', 'grader/include-grader.cpp')],
          submissionName: 'solution.cpp',
          includesSubmission: true,
        },
      },
    });
    expect(included.status).toBe('AC');
    const ownMain = await judgeFixture({
      language: 'C++',
      source: `${contestant}int main() { return 0; }\n`,
      tests,
      extra: { grader: { files: [file('grader.cpp'), file('grader.h')] } },
    });
    expect(ownMain.status).toBe('CE');
    expect(ownMain.compileMessage).toMatch(/main/);
  }, 60_000);

  it('works for C; other languages are CE with the reason', async () => {
    const c = await judgeFixture({
      language: 'C',
      source: '#include "grader.h"\nlong long add(long long a, long long b) { return a + b; }\n',
      tests: [{ name: '1', input: '40 2\n', answer: '42\n' }],
      extra: { grader: { files: [file('grader.c'), file('grader.h', 'grader/grader-c.h')] } },
    });
    expect(c.status).toBe('AC');
    const python = await judgeFixture({
      language: 'Python3',
      source: 'def total(v): return sum(v)\n',
      tests,
      extra: { grader: { files: [file('grader.cpp'), file('grader.h')] } },
    });
    expect(python).toMatchObject({
      status: 'CE',
      compileMessage: expect.stringMatching(/只支持 C 和 C\+\+/),
    });
  }, 60_000);

  it('a custom test compiles with the grader too', async () => {
    const r = await runCustom({
      language: 'C++',
      source: contestant,
      input: '2\n20 22\n',
      limits: { timeMs: 1000, memoryMiB: 256 },
      grader: { files: [file('grader.cpp'), file('grader.h')] },
    });
    expect(r).toMatchObject({ status: 'AC', stdout: '42\n' });
  }, 60_000);
});
