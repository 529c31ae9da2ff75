import type { Verdict } from '../lib/contract';

/**
 * SPEC §4: every verdict has its own display colour. Green for accepted, reds for wrong results,
 * oranges/purples for limits, greys for states that are not the program's fault.
 */
export const VERDICT_STYLE: Record<Verdict, { color: string; name: string; short: string }> = {
  AC: { color: '#52c41a', name: '答案正确', short: 'Accepted' },
  WA: { color: '#f5222d', name: '答案错误', short: 'Wrong Answer' },
  CE: { color: '#faad14', name: '编译错误', short: 'Compile Error' },
  TLE: { color: '#fa8c16', name: '运行超时', short: 'Time Limit Exceeded' },
  MLE: { color: '#722ed1', name: '内存超限', short: 'Memory Limit Exceeded' },
  OLE: { color: '#eb2f96', name: '输出超限', short: 'Output Limit Exceeded' },
  Sign: { color: '#a8071a', name: '运行错误', short: 'Signalled' },
  IE: { color: '#595959', name: '系统错误', short: 'InternalError' },
  PE: { color: '#13c2c2', name: '参数错误', short: 'ParamsError' },
  PD: { color: '#1677ff', name: '等待评测', short: 'Pending' },
};

export const verdictStyle = (v: string) =>
  VERDICT_STYLE[v as Verdict] ?? { color: '#8c8c8c', name: v, short: v };

/** Difficulty names and colours of SPEC §3 (0 简单, 1 中等, 2 困难, 3 未知). */
export const DIFFICULTY_STYLE = [
  { name: '简单', color: '#00af9b' },
  { name: '中等', color: '#ffb800' },
  { name: '困难', color: '#ff2d55' },
  { name: '未知', color: '#8c8c8c' },
] as const;

export const difficultyStyle = (d: number) => DIFFICULTY_STYLE[d] ?? DIFFICULTY_STYLE[3];

export const SOURCE_NAMES: Record<string, string> = {
  original: '原创',
  own: '本站',
  codeforces: 'Codeforces',
  luogu: '洛谷',
  leetcode: '力扣',
  niuke: '牛客',
};

/** ms and KiB as the records show them. */
export const formatTime = (ms: number) => `${Math.round(ms)} ms`;
export const formatMemory = (kib: number) =>
  kib >= 1024 ? `${(kib / 1024).toFixed(1)} MiB` : `${Math.round(kib)} KiB`;
export const formatBytes = (b: number) =>
  b >= 1024 * 1024
    ? `${(b / 1024 / 1024).toFixed(1)} MiB`
    : b >= 1024
      ? `${(b / 1024).toFixed(1)} KiB`
      : `${b} B`;
