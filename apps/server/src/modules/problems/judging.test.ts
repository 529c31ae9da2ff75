import { JudgeJob, ProblemJudging } from '@oj/shared';
import { describe, expect, it } from 'vitest';
import { judgingJob, presentJudging, staleReferences, storableJudging } from './judging';

const hash = 'a'.repeat(64);
const judging = (raw: unknown) => ProblemJudging.parse(raw);

describe('a problem judging as the judge job says it', () => {
  it('numbers tests and subtasks from 1 and gives a job the judge accepts', () => {
    const j = judging({
      scoring: {
        full_score: 100,
        subtasks: [
          { points: 40, tests: [1, 2] },
          { points: 60, tests: [2, 3], scoring: 'sum', dependencies: [1] },
        ],
      },
    });
    const { fields } = judgingJob(j, 3);
    expect(fields.scoring).toEqual({
      fullScore: 100,
      subtasks: [
        { id: '1', points: 40, tests: ['1', '2'] },
        { id: '2', points: 60, tests: ['2', '3'], scoring: 'sum', dependencies: ['1'] },
      ],
    });
    const tests = [1, 2, 3].map((i) => ({ name: String(i), inputHash: hash, answerHash: hash }));
    const job = JudgeJob.safeParse({
      submissionId: '1.1',
      language: 'C',
      source: 'x',
      limits: { timeMs: 1000, memoryMiB: 256 },
      tests,
      ...fields,
    });
    expect(job.error?.issues).toBeUndefined();
  });

  it('test points travel per test; a traditional problem adds nothing', () => {
    expect(judgingJob(judging({ scoring: { test_points: [30, 70] } }), 2)).toEqual({
      fields: { scoring: {} },
      points: [30, 70],
    });
    expect(judgingJob(null, 5)).toEqual({ fields: {}, points: [] });
    expect(storableJudging(judging({}))).toBeNull();
  });

  it('names what refers to tests that are gone, and refuses to judge it', () => {
    const j = judging({ scoring: { subtasks: [{ points: 100, tests: [1, 4, 5] }] } });
    expect(staleReferences(j, 3)).toEqual(['子任务 1 引用了不存在的测试点 4、5（现有 3 个测试点）']);
    expect(() => judgingJob(j, 3)).toThrow(/评分设置与测试数据不一致/);
    expect(staleReferences(judging({ scoring: { test_points: [1, 2, 3] } }), 2)).toHaveLength(1);
  });

  it('hides the interactor and grader sources from solvers, not the headers', () => {
    const j = judging({
      type: 'interactive',
      interactor: { source: 'secret' },
    });
    expect(presentJudging(j, false).interactor).toBeNull();
    expect(presentJudging(j, true).interactor?.source).toBe('secret');
    const g = judging({
      grader: {
        files: [
          { name: 'grader.cpp', content: 'main' },
          { name: 'lib.hpp', content: 'decl' },
        ],
      },
    });
    expect(presentJudging(g, false).grader?.files).toEqual([
      { name: 'grader.cpp', content: '' },
      { name: 'lib.hpp', content: 'decl' },
    ]);
  });
});
