import { describe, expect, it } from 'vitest';
import type { RunResult } from '@oj/sandbox';
import type { TestResult } from '@oj/shared';
import { classifyRun, overallVerdict } from './verdict';

const run = (over: Partial<RunResult>): RunResult => ({
  outcome: 'exited',
  exitCode: 0,
  signal: null,
  timeMs: 10,
  wallMs: 12,
  memoryKiB: 2048,
  ...over,
});
const limits = { cpuMs: 1000, memoryKiB: 256 * 1024 };

describe('classifyRun', () => {
  it('leaves a clean exit to the checker', () => {
    expect(classifyRun(run({}), limits, '', []).verdict).toBeNull();
  });

  it('maps sandbox limits to TLE, MLE, OLE and sandbox failures to IE', () => {
    expect(classifyRun(run({ outcome: 'cpu-limit', signal: 9 }), limits, '', []).verdict).toBe('TLE');
    expect(classifyRun(run({ outcome: 'wall-limit' }), limits, '', []).verdict).toBe('TLE');
    expect(classifyRun(run({ outcome: 'memory-limit', signal: 9 }), limits, '', []).verdict).toBe('MLE');
    expect(classifyRun(run({ outcome: 'output-limit' }), limits, '', []).verdict).toBe('OLE');
    const ie = classifyRun(run({ outcome: 'sandbox-error', message: 'cgroup missing' }), limits, '', []);
    expect(ie).toEqual({ verdict: 'IE', message: '沙箱错误：cgroup missing' });
  });

  it('reports a program that ran past the CPU limit as TLE even if it exited', () => {
    expect(classifyRun(run({ timeMs: 1001 }), limits, '', []).verdict).toBe('TLE');
  });

  it('names the signal of a crash', () => {
    expect(classifyRun(run({ outcome: 'signaled', exitCode: null, signal: 11 }), limits, '', [])).toEqual({
      verdict: 'Sign',
      message: '运行错误：程序被 SIGSEGV 终止（段错误，常见于数组越界、空指针或栈溢出）',
    });
    expect(classifyRun(run({ outcome: 'signaled', signal: 25 }), limits, '', []).verdict).toBe('OLE');
  });

  it('treats a non-zero exit as Sign, unless the runtime ran out of memory', () => {
    expect(classifyRun(run({ exitCode: 3 }), limits, '', []).message).toBe('运行错误：退出码 3');
    const oom = [/java\.lang\.OutOfMemoryError/];
    expect(
      classifyRun(run({ exitCode: 1 }), limits, 'Exception in thread "main" java.lang.OutOfMemoryError', oom)
        .verdict,
    ).toBe('MLE');
    expect(
      classifyRun(run({ outcome: 'signaled', signal: 6, memoryKiB: 256 * 1024 }), limits, '', []).verdict,
    ).toBe('MLE');
  });
});

const t = (name: string, status: TestResult['status']): TestResult => ({
  name,
  status,
  timeMs: 1,
  memoryKiB: 1,
  message: '',
});

describe('overallVerdict', () => {
  it('takes the first failing test in order', () => {
    expect(overallVerdict([t('1', 'AC'), t('2', 'TLE'), t('3', 'WA')])).toBe('TLE');
    expect(overallVerdict([t('1', 'AC'), t('2', 'AC')])).toBe('AC');
    expect(overallVerdict([])).toBe('IE');
  });
});
