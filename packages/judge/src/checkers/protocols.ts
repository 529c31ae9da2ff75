import type { Verdict } from '@oj/shared';

/**
 * What a checker (or an interactor) said of one test: its verdict, its message, and the fraction
 * of the test's score it gave (1 for AC, 0 for a failure, in between for a partial answer, whose
 * verdict is WA: only a full answer is AC).
 */
export interface CheckOutcome {
  verdict: Verdict;
  message: string;
  fraction: number;
}

/** Who is speaking, in the messages users and authors read. */
export type JudgeProgramRole = '特判程序' | '交互程序';

const MESSAGE_MAX = 1024;
const cut = (text: string) => text.trim().slice(0, MESSAGE_MAX);

const failed = (verdict: Verdict, message: string): CheckOutcome => ({ verdict, message, fraction: 0 });

/** A fraction the checker gave, as an outcome; out of 0..1 (beyond rounding) is the author's error. */
function partial(fraction: number, message: string, role: JudgeProgramRole, said: string): CheckOutcome {
  if (!Number.isFinite(fraction) || fraction < -1e-9 || fraction > 1 + 1e-9)
    return failed('IE', `${role}给出的得分 ${said} 不在 0 到 1 之间：${message}`);
  const f = Math.min(1, Math.max(0, fraction));
  return { verdict: f === 1 ? 'AC' : 'WA', message, fraction: f };
}

/** The last line of `text` matching `re` (testlib prints its verdict last, after any debug output). */
function lastMatch(text: string, re: RegExp): RegExpExecArray | null {
  let found: RegExpExecArray | null = null;
  const global = new RegExp(re.source, 'gm');
  for (let m = global.exec(text); m; m = global.exec(text)) found = m;
  return found;
}

/**
 * testlib's protocol (read from testlib.h: `resultExitCode`, `quitp`, `_pc`): exit 0 ok, 1 wrong
 * answer, 2 presentation error, 3 fail, 4 extra output (dirt, a presentation error), 7 points
 * (stderr `points X …`), 8 unexpected end of file (only with ENABLE_UNEXPECTED_EOF; a wrong answer
 * here, as before), partially correct `_pc(K)` (stderr `partially correct (K) …`, exit K, or 50 + K
 * when built with TESTSYS). `stderrHead` is the message users see, `stderrTail` where the verdict
 * line is looked for.
 */
export function testlibOutcome(
  exitCode: number,
  stderrHead: string,
  stderrTail: string,
  role: JudgeProgramRole,
): CheckOutcome {
  const message = cut(stderrHead);
  const pc = lastMatch(stderrTail, /^partially correct \((\d+)\)/);
  if (pc) {
    const k = Number(pc[1]);
    if (exitCode === k || exitCode === (50 + k) % 256) return partial(k / 100, message, role, `${k}%`);
  }
  switch (exitCode) {
    case 0:
      return { verdict: 'AC', message, fraction: 1 };
    case 1:
    case 8:
      return failed('WA', message);
    case 2:
    case 4:
      return failed('PE', message);
    case 3:
      return failed('IE', `${role}报告失败：${message}`);
    case 7: {
      const points = lastMatch(stderrTail, /^points\s+([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)(?=\s|$)/);
      if (!points) return failed('IE', `${role}以得分结束，但没有给出得分：${message}`);
      return partial(Number(points[1]), message, role, points[1]);
    }
    default:
      return failed('IE', `${role}退出码 ${exitCode}${message ? `：${message}` : ''}`);
  }
}

/** What a Kattis validator left in its feedback directory (absent files undefined). */
export interface KattisFeedback {
  teamMessage?: string;
  judgeMessage?: string;
  /** feedback/score_multiplier.txt */
  scoreMultiplier?: string;
  /** feedback/score.txt */
  score?: string;
}

const NUMBER = /^\s*[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?\s*$/;

/**
 * The Kattis / ICPC output validator protocol: exit 42 accepted, 43 wrong answer, anything else a
 * judge error. An accepted test's fraction is score_multiplier.txt, else score.txt (our tests'
 * scores are bounded: both are read as the fraction, 0 to 1), else 1.
 */
export function kattisOutcome(
  exitCode: number,
  feedback: KattisFeedback,
  stderrHead: string,
  role: JudgeProgramRole,
): CheckOutcome {
  const message = cut(feedback.teamMessage || feedback.judgeMessage || stderrHead);
  if (exitCode === 43) return failed('WA', message);
  if (exitCode !== 42)
    return failed('IE', `${role}退出码 ${exitCode}（应为 42 或 43）${message ? `：${message}` : ''}`);
  const said = feedback.scoreMultiplier ?? feedback.score;
  if (said === undefined) return { verdict: 'AC', message, fraction: 1 };
  if (!NUMBER.test(said)) return failed('IE', `${role}给出的得分无法识别：${cut(said)}`);
  return partial(Number(said), message, role, said.trim());
}
