import { describe, expect, it } from 'vitest';
import { JudgeJob, JudgeResult, type JudgeJobInput } from './judge';

const hash = 'a'.repeat(64);
const base: JudgeJobInput = {
  submissionId: 's1',
  language: 'C++',
  source: 'int main() {}',
  limits: { timeMs: 1000, memoryMiB: 256 },
  tests: [
    { name: '1', inputHash: hash, answerHash: hash },
    { name: '2', inputHash: hash, answerHash: hash },
  ],
};
const interactor = { language: 'C++' as const, source: 'int main() {}' };

/** The messages of a job that does not parse (none when it does). */
function problems(job: Partial<JudgeJobInput>): string[] {
  const parsed = JudgeJob.safeParse({ ...base, ...job });
  return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
}

describe('the judge job contract', () => {
  it("today's jobs parse as before: batch, the default checker and mode, nothing added", () => {
    expect(JudgeJob.parse(base)).toEqual({ ...base, checker: { kind: 'default' }, mode: 'first-failure' });
    const special = {
      kind: 'special' as const,
      language: 'C++' as const,
      source: 'x',
      files: [{ name: 'testlib.h', content: '' }],
    };
    expect(
      JudgeJob.parse({ ...base, checker: special, groups: [{ name: 'g', points: 100, tests: ['1'] }] })
        .checker,
    ).toEqual(special);
  });

  it('an interactive job has an interactor, and only it', () => {
    expect(problems({ type: 'interactive' })).toEqual(['交互题需要交互程序']);
    expect(problems({ interactor })).toEqual(['只有交互题可以有交互程序']);
    expect(
      problems({ type: 'interactive', interactor: { ...interactor, protocol: 'kattis', flags: ['x'] } }),
    ).toEqual([]);
    expect(problems({ type: 'interactive', interactor, io: { input: 'a.in', output: 'a.out' } })).toEqual([
      '文件输入输出只用于传统题',
    ]);
  });

  it('an output-only job carries answer files for its tests, by content or by hash', () => {
    expect(problems({ type: 'output-only' })).toEqual(['提交答案题需要答案文件']);
    expect(
      problems({
        type: 'output-only',
        source: '',
        answers: [
          { test: '1', content: '3' },
          { test: '2', hash },
        ],
      }),
    ).toEqual([]);
    expect(problems({ answers: [{ test: '1', content: '3' }] })).toEqual(['只有提交答案题可以提交答案文件']);
    expect(problems({ type: 'output-only', answers: [{ test: '9', content: '' }] })).toEqual([
      '没有名为 9 的测试点',
    ]);
    expect(
      problems({
        type: 'output-only',
        answers: [
          { test: '1', content: '' },
          { test: '1', content: '' },
        ],
      }),
    ).toEqual(['测试点 1 的答案文件重复']);
    expect(problems({ type: 'output-only', answers: [{ test: '1' }] })).toEqual([
      '答案文件须给出内容或数据指纹之一',
    ]);
    expect(
      problems({ type: 'output-only', answers: [{ test: '1', content: 'x'.repeat((1 << 20) + 1) }] }),
    ).toEqual(['答案文件总大小超过 1 MiB，较大的答案文件须以数据指纹提交']);
  });

  it('file names stay names: no paths, no . or ..', () => {
    expect(problems({ io: { input: 'a.in', output: 'a.in' } })).toEqual(['输入文件与输出文件不能同名']);
    expect(problems({ io: { input: '../a.in', output: 'a.out' } })).toEqual(['文件名不合法']);
    expect(problems({ grader: { files: [{ name: '..', content: '' }] } })).toEqual(['文件名不合法']);
    expect(
      problems({ grader: { files: [{ name: 'grader.cpp', content: '' }], submissionName: 'sol/x.cpp' } }),
    ).toEqual(['文件名不合法']);
  });

  it('subtasks name real tests and subtasks, depend without cycles, and add up to the full score', () => {
    const st = (id: string, tests: string[], dependencies?: string[]) => ({
      id,
      points: 50,
      tests,
      dependencies,
    });
    expect(problems({ scoring: { subtasks: [st('a', ['1']), st('b', ['2'], ['a'])] } })).toEqual([]);
    expect(problems({ scoring: { subtasks: [st('a', ['3'])] } })).toEqual(['没有名为 3 的测试点']);
    expect(problems({ scoring: { subtasks: [st('a', ['1']), st('a', ['2'])] } })).toEqual([
      '子任务编号 a 重复',
    ]);
    expect(problems({ scoring: { subtasks: [st('a', ['1'], ['z'])] } })).toEqual([
      '子任务 a 依赖的子任务 z 不存在',
    ]);
    expect(problems({ scoring: { subtasks: [st('a', ['1'], ['b']), st('b', ['2'], ['a'])] } })).toEqual([
      '子任务之间的依赖不能成环',
    ]);
    expect(problems({ scoring: { subtasks: [st('a', ['1'], ['a'])] } })).toEqual([
      '子任务之间的依赖不能成环',
    ]);
    expect(problems({ scoring: { fullScore: 120, subtasks: [st('a', ['1']), st('b', ['2'])] } })).toEqual([
      '子任务分值之和必须等于满分',
    ]);
    expect(problems({ groups: [{ name: 'g', points: 1, tests: ['1'] }], scoring: {} })).toEqual([
      '旧的分组与子任务评分不能同时使用',
    ]);
  });

  it("tests' own points fit in the full score", () => {
    const tests = (p: (number | undefined)[]) =>
      p.map((points, i) => ({ name: String(i + 1), inputHash: hash, answerHash: hash, points }));
    expect(problems({ tests: tests([30, undefined]), scoring: { fullScore: 100 } })).toEqual([]);
    expect(problems({ tests: tests([80, 30]), scoring: { fullScore: 100 } })).toEqual([
      '测试点分值之和超过满分',
    ]);
    expect(problems({ tests: tests([40, 30]), scoring: { fullScore: 100 } })).toEqual([
      '测试点分值之和必须等于满分',
    ]);
  });

  it('results with scores parse, and old results still do', () => {
    const old = {
      submissionId: 's',
      status: 'AC',
      timeMs: 1,
      memoryKiB: 1,
      compileMessage: '',
      tests: [{ name: '1', status: 'AC', timeMs: 1, memoryKiB: 1, message: '' }],
    };
    expect(JudgeResult.parse(old)).toEqual(old);
    const scored = {
      ...old,
      status: 'WA',
      tests: [{ ...old.tests[0], status: 'WA', score: { fraction: 0.5, earned: 50 } }],
      score: 50,
      fullScore: 100,
      subtasks: [{ id: 'a', points: 100, score: 50, status: 'WA', skipped: false, skippedTests: [] }],
    };
    expect(JudgeResult.parse(scored)).toEqual(scored);
  });
});
