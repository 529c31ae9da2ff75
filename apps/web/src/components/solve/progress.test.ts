import { describe, expect, it } from 'vitest';
import type { SubmissionRecord, TestResultView } from '../../lib/contract';
import { applyEvent, progressText, startProgress } from './progress';

const result = (index: number): TestResultView => ({
  index,
  status: 'AC',
  time_used: 3,
  memory_used: 1024,
  message: '',
  sample: false,
  detail: false,
  input: null,
  expected: null,
  truncated: false,
  score: null,
});

describe('live submission progress', () => {
  it('folds the SSE events in order and words them as SPEC says', () => {
    let p = startProgress(7);
    expect(progressText(p)).toBe('等待评测…');
    p = applyEvent(p, { kind: 'compiling', submission_id: 7 });
    expect(progressText(p)).toBe('编译中…');
    p = applyEvent(p, { kind: 'running', submission_id: 7, test: 1, total: 3 });
    expect(progressText(p)).toBe('正在运行第 1/3 个测试点');
    p = applyEvent(p, { kind: 'test', submission_id: 7, test: 2, total: 3, result: result(2) });
    p = applyEvent(p, { kind: 'test', submission_id: 7, test: 1, total: 3, result: result(1) });
    expect(p.results.map((r) => r.index)).toEqual([1, 2]);
    const record = {
      status: 'AC',
      test_results: [result(1), result(2), result(3)],
      test_total: 3,
    } as SubmissionRecord;
    p = applyEvent(p, { kind: 'done', submission_id: 7, record });
    expect(p.phase).toBe('done');
    expect(p.results).toHaveLength(3);
    expect(p.record?.status).toBe('AC');
  });

  it('a repeated test event replaces the earlier result (rejudge)', () => {
    let p = startProgress(1);
    p = applyEvent(p, {
      kind: 'test',
      submission_id: 1,
      test: 1,
      total: 1,
      result: { ...result(1), status: 'WA' },
    });
    p = applyEvent(p, { kind: 'test', submission_id: 1, test: 1, total: 1, result: result(1) });
    expect(p.results).toEqual([result(1)]);
  });

  it('a rejudge after the verdict starts a fresh run, whichever event announces it', () => {
    const record = { status: 'AC', test_results: [result(1)], test_total: 1 } as SubmissionRecord;
    const judged = applyEvent(startProgress(3), { kind: 'done', submission_id: 3, record });
    for (const first of [
      { kind: 'queued', submission_id: 3 },
      { kind: 'compiling', submission_id: 3 },
      { kind: 'running', submission_id: 3, test: 1, total: 2 },
    ] as const) {
      const p = applyEvent(judged, first);
      expect(p.phase).not.toBe('done');
      expect([p.results, p.record]).toEqual([[], null]);
      expect(progressText(p)).not.toBe('评测完成');
    }
  });
});
