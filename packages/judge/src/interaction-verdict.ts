import type { RunResult } from '@oj/sandbox';
import type { Verdict } from '@oj/shared';
import { abnormalEnd } from './checkers/special';
import type { CheckOutcome } from './checkers/protocols';

/** The submission's side of one interaction: its run and what the run alone says (null: exited 0). */
export interface ProgramSide {
  run: RunResult;
  verdict: Verdict | null;
  message: string;
}

/** The interactor's side: its run and, when it exited by itself, what it said by its protocol. */
export interface InteractorSide {
  run: RunResult;
  said: CheckOutcome | null;
  /** The start of its stderr, for the message when it ended abnormally. */
  stderr: string;
}

export interface InteractionOutcome extends CheckOutcome {
  /** The interactor accepted (AC) and the submission ended well: a checker may look at `tout`. */
  accepted: boolean;
}

const SIGPIPE = 13;

const outcome = (o: CheckOutcome, accepted = false): InteractionOutcome => ({ ...o, accepted });

/** The wall-clock limit of an interaction is usually a program waiting for an answer it never asked. */
function programVerdict(p: ProgramSide): InteractionOutcome {
  const idle = p.verdict === 'TLE' && p.run.outcome === 'wall-limit';
  const message = idle ? `${p.message}（交互题：是否输出后没有刷新缓冲区，双方都在等待对方？）` : p.message;
  return outcome({ verdict: p.verdict ?? 'AC', message, fraction: 0 });
}

/**
 * How far apart two ends must be for the order to be trusted. The end times are taken when each
 * box's init reaps its program; the side that sees a closed pipe can wake, answer and exit before
 * the other side's init is even scheduled, so near ends are not ordered: there the program's own
 * failure stands (as most judges rule).
 */
export const CLEARLY_FIRST_US = 100_000;

/**
 * Whether the interactor clearly ended before the program: the program was killed by SIGPIPE (it
 * wrote to an interactor that had gone), or the end times are well apart.
 */
function interactorClearlyFirst(p: ProgramSide, i: InteractorSide): boolean {
  if (p.run.outcome === 'signaled' && p.run.signal === SIGPIPE) return true;
  if (p.run.endedAtUs === undefined || i.run.endedAtUs === undefined) return false;
  return i.run.endedAtUs + CLEARLY_FIRST_US < p.run.endedAtUs;
}

/**
 * The verdict of one interaction (docs/problem-types.md, "Interactive"):
 * - a sandbox failure on either side, an interactor that failed (testlib `fail`, an exit code out
 *   of its protocol), crashed or exceeded its own limits: IE. An interactor killed by SIGPIPE is
 *   not one: it wrote to a program that had left;
 * - the program crashed or exceeded a limit: its own verdict, unless the interactor had clearly
 *   rejected it before (WA, PE, a partial score): then the interactor's;
 * - the program ended well: the interactor's verdict (if the interactor died writing to it, the
 *   program left before the end: WA).
 */
export function decideInteraction(p: ProgramSide, i: InteractorSide): InteractionOutcome {
  if (p.run.outcome === 'sandbox-error') return programVerdict({ ...p, verdict: 'IE' });
  const interactorPiped = i.run.outcome === 'signaled' && i.run.signal === SIGPIPE;
  if (!interactorPiped && (!i.said || i.said.verdict === 'IE'))
    return outcome(i.said ?? abnormalEnd(i.run, '交互程序', i.stderr));
  if (p.verdict !== null) {
    const rejected = i.said !== null && i.said.verdict !== 'AC';
    return rejected && interactorClearlyFirst(p, i) ? outcome(i.said as CheckOutcome) : programVerdict(p);
  }
  if (!i.said) return outcome({ verdict: 'WA', message: '提交的程序在交互结束前退出', fraction: 0 });
  return outcome(i.said, i.said.verdict === 'AC');
}
