import type { RunResult } from '@oj/sandbox';
import type { TestResult, Verdict } from '@oj/shared';

const SIGNAL_NAMES: Record<number, string> = {
  4: 'SIGILL',
  5: 'SIGTRAP',
  6: 'SIGABRT',
  7: 'SIGBUS',
  8: 'SIGFPE',
  9: 'SIGKILL',
  11: 'SIGSEGV',
  13: 'SIGPIPE',
  15: 'SIGTERM',
  24: 'SIGXCPU',
  25: 'SIGXFSZ',
  31: 'SIGSYS',
};

/** What the common crashes usually mean, so a beginner knows where to look. */
const SIGNAL_HINTS: Record<number, string> = {
  6: '程序中止，常见于断言失败或未捕获的异常',
  7: '总线错误',
  8: '算术异常，常见于整数除以零',
  11: '段错误，常见于数组越界、空指针或栈溢出',
};

export const signalName = (n: number) => SIGNAL_NAMES[n] ?? `信号 ${n}`;

export interface RunVerdict {
  /** null: the program ended normally, the checker decides. */
  verdict: Verdict | null;
  message: string;
}

/**
 * What the program's run alone says, before any checker. The order matters: a limit the sandbox
 * enforced is reported as that limit even if the kill also produced a signal; a program that ran
 * out of memory inside its own runtime (bad_alloc, MemoryError, OutOfMemoryError) is MLE, not Sign.
 */
export function classifyRun(
  run: RunResult,
  limits: { cpuMs: number; memoryKiB: number },
  stderrTail: string,
  outOfMemory: RegExp[],
): RunVerdict {
  switch (run.outcome) {
    case 'sandbox-error':
      return { verdict: 'IE', message: `沙箱错误：${run.message ?? '未知原因'}` };
    case 'cpu-limit':
    case 'wall-limit':
      return {
        verdict: 'TLE',
        message: run.outcome === 'wall-limit' ? '运行时间（墙钟）超限' : 'CPU 时间超限',
      };
    case 'memory-limit':
      return { verdict: 'MLE', message: '内存超限' };
    case 'output-limit':
      return { verdict: 'OLE', message: '输出超限' };
    default:
      break;
  }
  if (run.timeMs > limits.cpuMs) return { verdict: 'TLE', message: 'CPU 时间超限' };
  const ranOutOfMemory =
    outOfMemory.some((re) => re.test(stderrTail)) || run.memoryKiB >= limits.memoryKiB * 0.98;
  if (run.outcome === 'signaled') {
    if (run.signal === 25) return { verdict: 'OLE', message: '输出超限' };
    if (ranOutOfMemory) return { verdict: 'MLE', message: '内存超限' };
    if (run.signal === 24) return { verdict: 'TLE', message: 'CPU 时间超限' };
    const hint = SIGNAL_HINTS[run.signal ?? 0];
    return {
      verdict: 'Sign',
      message: `运行错误：程序被 ${signalName(run.signal ?? 0)} 终止${hint ? `（${hint}）` : ''}`,
    };
  }
  if (run.exitCode !== 0) {
    if (ranOutOfMemory) return { verdict: 'MLE', message: '内存超限' };
    return { verdict: 'Sign', message: `运行错误：退出码 ${run.exitCode}` };
  }
  return { verdict: null, message: '' };
}

/** The submission's verdict: the first test that is not AC decides (tests are in order). */
export function overallVerdict(tests: TestResult[]): Verdict {
  if (tests.length === 0) return 'IE';
  return tests.find((t) => t.status !== 'AC')?.status ?? 'AC';
}
