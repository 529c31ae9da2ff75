import type { ProgressEvent, SubmissionRecord, TestResultView } from '../../lib/contract';

/** What the live view shows of one submission, folded from its SSE events. */
export interface Progress {
  submissionId: number;
  phase: 'queued' | 'compiling' | 'running' | 'done' | 'lost';
  test: number;
  total: number;
  results: TestResultView[];
  record: SubmissionRecord | null;
}

export const startProgress = (submissionId: number): Progress => ({
  submissionId,
  phase: 'queued',
  test: 0,
  total: 0,
  results: [],
  record: null,
});

/** A run that starts after a verdict (a rejudge): the old results and record are dropped. */
const afresh = (p: Progress): Progress => ({ ...p, test: 0, total: 0, results: [], record: null });

export function applyEvent(p: Progress, e: ProgressEvent): Progress {
  // Another server node's rejudge may begin with `compiling` or `running` (its `queued` stays local).
  if (e.kind !== 'done' && (p.phase === 'done' || p.phase === 'lost')) p = afresh(p);
  switch (e.kind) {
    case 'queued':
      return { ...afresh(p), phase: 'queued' };
    case 'compiling':
      return { ...p, phase: 'compiling' };
    case 'running':
      return { ...p, phase: 'running', test: e.test, total: e.total };
    case 'test':
      return {
        ...p,
        phase: 'running',
        test: e.test,
        total: e.total,
        results: [...p.results.filter((r) => r.index !== e.result.index), e.result].sort(
          (a, b) => a.index - b.index,
        ),
      };
    case 'done':
      return {
        ...p,
        phase: 'done',
        record: e.record,
        results: e.record.test_results,
        total: e.record.test_total,
      };
  }
}

/** The share of the tests with a result, in percent (the live views' progress bar). */
export const progressPercent = (p: Progress) => Math.round((p.results.length / p.total) * 100);

/** The words of SPEC's live view: 等待评测, 编译中, 正在运行第 k/n 个测试点. */
export function progressText(p: Progress): string {
  switch (p.phase) {
    case 'queued':
      return '等待评测…';
    case 'compiling':
      return '编译中…';
    case 'running':
      return p.total ? `正在运行第 ${p.test}/${p.total} 个测试点` : '正在运行…';
    case 'lost':
      return '与服务器的连接中断，请到提交记录查看结果';
    case 'done':
      return '评测完成';
  }
}
