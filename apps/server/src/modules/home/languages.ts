import { commandLine, compileLimits, DEFAULT_OUTPUT_BYTES, LANGUAGE_SPECS } from '@oj/judge';
import type { HomeDeps } from './deps';
import { type JudgeInfo, PROBLEM_LIMITS, VERDICT_NAMES, VERDICTS, type Verdict } from '@oj/shared';

/** What each verdict means, for /introduction. */
const VERDICT_TEXT: Record<Verdict, [string, string]> = {
  AC: ['答案正确', '程序在每个测试点上都在限制内运行结束，输出与标准答案一致（或被特判程序接受）。'],
  WA: ['答案错误', '程序正常结束，但某个测试点的输出与标准答案不一致。'],
  CE: ['编译错误', '代码没有通过编译（或 Python、JavaScript、Ruby、PHP、Lua 等的语法检查），记录页会显示编译器的信息。'],
  TLE: ['运行超时', '程序在某个测试点上用掉的 CPU 时间超过了时间限制（或挂起等待太久）。'],
  MLE: ['内存超限', '程序整个进程树的内存峰值超过了内存限制。'],
  OLE: ['输出超限', '程序输出的内容超过了输出上限，常见于死循环里的输出。'],
  Sign: [
    '运行错误',
    '程序被信号终止或以非零返回值退出：数组越界、空指针、除以零、栈溢出、抛出未捕获的异常等。',
  ],
  IE: ['系统错误', '评测机内部出错（例如题目缺少测试数据、特判程序失败），不是你的问题，请联系管理员。'],
  PE: ['参数错误', '提交的参数不正确（例如题目或语言不存在）。'],
  PD: ['等待评测', '提交已进入队列，正在等待或正在评测，页面会实时更新。'],
};

/**
 * The judge's own table (packages/judge languages), read at run time so the introduction never
 * goes stale: compile and run commands as the judge builds them, versions from the installed
 * binaries (asked once per process), whether each is offered here and its factors (modules/languages),
 * limits from the contract.
 */
export async function judgeInfo(d: Pick<HomeDeps, 'languages'>): Promise<JudgeInfo> {
  const { languages: statuses } = await d.languages.statuses();
  const compile = compileLimits();
  return {
    languages: statuses.map((status) => {
      const spec = LANGUAGE_SPECS[status.name];
      const step = spec.run({ timeMs: 1000, memoryMiB: 256 });
      return {
        name: status.name,
        source_file: spec.sourceFile,
        compile: commandLine(spec.compile().argv),
        run: commandLine(step.argv),
        version: status.version,
        available: status.available,
        time_factor: spec.timeFactor * status.time_factor,
        memory_factor: status.memory_factor,
        memory_extra_mib: Math.max(0, Math.round(step.memoryKiB / 1024) - 256),
      };
    }),
    verdicts: VERDICTS.map((code) => ({
      code,
      name: VERDICT_NAMES[code],
      chinese: VERDICT_TEXT[code][0],
      meaning: VERDICT_TEXT[code][1],
    })),
    limits: {
      time_min_ms: PROBLEM_LIMITS.timeMinMs,
      time_max_ms: PROBLEM_LIMITS.timeMaxMs,
      memory_min_mib: PROBLEM_LIMITS.memoryMinMiB,
      memory_max_mib: PROBLEM_LIMITS.memoryMaxMiB,
      output_max_mib: DEFAULT_OUTPUT_BYTES / (1024 * 1024),
      compile_time_s: compile.cpuMs / 1000,
      tests_max: PROBLEM_LIMITS.testCountMax,
    },
  };
}
