import { describe, expect, it } from 'vitest';
import type { RunResult } from '@oj/sandbox';
import type { Verdict } from '@oj/shared';
import type { CheckOutcome } from './checkers/protocols';
import {
  CLEARLY_FIRST_US,
  decideInteraction,
  type InteractorSide,
  type ProgramSide,
} from './interaction-verdict';

const run = (over: Partial<RunResult>): RunResult => ({
  outcome: 'exited',
  exitCode: 0,
  signal: null,
  timeMs: 1,
  wallMs: 1,
  memoryKiB: 1,
  ...over,
});

const program = (
  endedAtUs: number | undefined,
  verdict: Verdict | null = null,
  over: Partial<RunResult> = {},
): ProgramSide => ({
  run: run({ endedAtUs, ...over }),
  verdict,
  message: verdict ? `程序：${verdict}` : '',
});

const said = (verdict: Verdict, fraction = verdict === 'AC' ? 1 : 0): CheckOutcome => ({
  verdict,
  message: `交互：${verdict}`,
  fraction,
});

const interactor = (
  endedAtUs: number | undefined,
  s: CheckOutcome | null,
  over: Partial<RunResult> = {},
): InteractorSide => ({
  run: run({ endedAtUs, ...over }),
  said: s,
  stderr: 'stderr',
});

const killed = (signal: number): Partial<RunResult> => ({ outcome: 'signaled', exitCode: null, signal });

describe('the verdict of an interaction', () => {
  it('both ended well: the interactor decides, and a checker may follow only its AC', () => {
    expect(decideInteraction(program(1), interactor(2, said('AC')))).toMatchObject({
      verdict: 'AC',
      accepted: true,
    });
    expect(decideInteraction(program(1), interactor(2, said('WA')))).toMatchObject({
      verdict: 'WA',
      message: '交互：WA',
      accepted: false,
    });
    expect(decideInteraction(program(1), interactor(2, said('WA', 0.5)))).toMatchObject({ fraction: 0.5 });
  });

  it('the program crashed first: its own verdict, whatever the interactor said of the closed pipe', () => {
    expect(decideInteraction(program(1, 'Sign', killed(11)), interactor(2, said('PE')))).toMatchObject({
      verdict: 'Sign',
      message: '程序：Sign',
    });
    expect(decideInteraction(program(1, 'MLE'), interactor(2, said('WA')))).toMatchObject({ verdict: 'MLE' });
  });

  it('the interactor clearly rejected first: its verdict, whatever the program did after', () => {
    const later = 1 + CLEARLY_FIRST_US + 1;
    expect(decideInteraction(program(later, 'Sign', killed(11)), interactor(1, said('WA')))).toMatchObject({
      verdict: 'WA',
    });
    expect(
      decideInteraction(program(later, 'TLE', { outcome: 'cpu-limit' }), interactor(1, said('PE'))),
    ).toMatchObject({ verdict: 'PE' });
    // Killed by SIGPIPE: it wrote to an interactor that had gone, whatever the clocks say.
    expect(decideInteraction(program(1, 'Sign', killed(13)), interactor(2, said('WA')))).toMatchObject({
      verdict: 'WA',
    });
  });

  it('ends too close to order: the program’s own failure stands', () => {
    expect(decideInteraction(program(5000, 'Sign', killed(11)), interactor(1, said('WA')))).toMatchObject({
      verdict: 'Sign',
    });
    expect(decideInteraction(program(1, 'Sign', killed(6)), interactor(undefined, said('WA')))).toMatchObject(
      {
        verdict: 'Sign',
      },
    );
  });

  it('the interactor accepted, then the program crashed or ran over: the program’s verdict', () => {
    expect(decideInteraction(program(2, 'Sign', killed(11)), interactor(1, said('AC')))).toMatchObject({
      verdict: 'Sign',
      accepted: false,
    });
    expect(decideInteraction(program(2, 'TLE'), interactor(1, said('WA', 0.3)))).toMatchObject({
      verdict: 'TLE',
    });
  });

  it('both idle: the program reaches its wall-clock limit first (TLE, with a hint about flushing)', () => {
    // Its interactor, waiting longer, then reads the end of the pipe and complains.
    const r = decideInteraction(program(1, 'TLE', { outcome: 'wall-limit' }), interactor(2, said('PE')));
    expect(r.verdict).toBe('TLE');
    expect(r.message).toMatch(/刷新/);
  });

  it('the program left early and the interactor died writing to it: WA', () => {
    expect(decideInteraction(program(1), interactor(2, null, killed(13)))).toMatchObject({
      verdict: 'WA',
      message: '提交的程序在交互结束前退出',
    });
  });

  it("the interactor's own failure is ours: IE, even when the program then crashed", () => {
    expect(
      decideInteraction(program(9_000_000, 'Sign', killed(11)), interactor(1, null, killed(11))),
    ).toMatchObject({ verdict: 'IE' });
    expect(decideInteraction(program(9, 'Sign', killed(11)), interactor(1, said('IE')))).toMatchObject({
      verdict: 'IE',
    });
    expect(decideInteraction(program(2), interactor(1, said('IE')))).toMatchObject({ verdict: 'IE' });
    expect(
      decideInteraction(program(2), interactor(1, null, { outcome: 'cpu-limit', exitCode: null })),
    ).toMatchObject({ verdict: 'IE', message: '交互程序异常结束（cpu-limit）：stderr' });
    expect(decideInteraction(program(1), interactor(2, null, killed(11)))).toMatchObject({ verdict: 'IE' });
    expect(
      decideInteraction(program(2), interactor(1, null, { outcome: 'sandbox-error', message: 'boom' })),
    ).toMatchObject({ verdict: 'IE' });
  });

  it('a sandbox failure on the program side is IE too', () => {
    expect(
      decideInteraction(program(1, 'IE', { outcome: 'sandbox-error' }), interactor(2, said('AC'))),
    ).toMatchObject({ verdict: 'IE' });
  });
});
