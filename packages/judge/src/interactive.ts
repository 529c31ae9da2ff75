import { execFile } from 'node:child_process';
import { closeSync, constants, lstatSync, openSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Limits, RunResult } from '@oj/sandbox';
import type { InteractorSpec, JudgeLimits } from '@oj/shared';
import { judgeProgramDir, protocolOutcome, stderrOf, FEEDBACK_DIR } from './checkers/special';
import { decideInteraction, type InteractionOutcome } from './interaction-verdict';
import type { LanguageSpec } from './languages';
import { emptyBoxDir, runProgram, type ProgramRun } from './run-program';
import type { SandboxApi } from './sandbox';

const INTERACTOR_BOX_DIR = '/interactor';

/** The two named pipes of one lane: the program's stdin (the interactor writes) and its stdout. */
export interface Pipes {
  toProgram: string;
  toInteractor: string;
}

/**
 * One pair of FIFOs per lane, made once per job in the job's private directory and reused test
 * after test: a FIFO keeps no data once every end is closed, and when a run's answer comes every
 * process of its box is gone.
 */
export function pipesPerLane(dir: string): (lane: number) => Promise<Pipes> {
  const made = new Map<number, Promise<Pipes>>();
  return (lane) => {
    let pipes = made.get(lane);
    if (!pipes) {
      const p = {
        toProgram: join(dir, `to-program-${lane}`),
        toInteractor: join(dir, `to-interactor-${lane}`),
      };
      pipes = promisify(execFile)('mkfifo', ['-m', '600', p.toProgram, p.toInteractor]).then(() => p);
      made.set(lane, pipes);
    }
    return pipes;
  };
}

/** What an interaction runs with: the compiled program and interactor, the job's limits. */
export interface InteractionSetup {
  sandbox: SandboxApi;
  lang: LanguageSpec;
  buildDir: string;
  entry: string | undefined;
  /** The job's private directory (stderr files, the interactor's work dirs). */
  ioDir: string;
  /** The compiled interactor (`<dir>/checker`, as prepareChecker leaves it). */
  interactorDir: string;
  interactor: InteractorSpec;
  limits: JudgeLimits;
  outputBytes: number;
  /** Keep what a testlib interactor writes to `tout` (a checker follows, or a custom test shows it). */
  keepTout: boolean;
}

export interface InteractionRun {
  program: ProgramRun;
  outcome: InteractionOutcome;
  /** testlib: what the interactor wrote to `tout`, when it left a regular file there. */
  tout?: string;
  /** Removes the interactor's work dir (and `tout` with it). */
  cleanup(): Promise<void>;
}

/** A box starved of CPU is stopped at this many times its wall-clock limit (the sandbox's rule). */
const STARVED_WALL_FACTOR = 100;

/**
 * The interactor's limits, the program's extra wall time (it waits while the interactor thinks),
 * and how long the interactor may run on once the program has ended (then the judge stops it).
 * The interactor's own wall-clock limit never comes before the program's end, however long a
 * loaded host starves the program of CPU (the sandbox ends it by 100 × its wall limit): while the
 * program lives, an idle interactor is waiting for it, and the program's limits decide.
 */
export function interactorLimits(
  setup: Pick<InteractionSetup, 'lang' | 'interactor' | 'limits' | 'outputBytes'>,
) {
  const programCpu = Math.round(setup.limits.timeMs * setup.lang.timeFactor);
  const cpuMs = setup.interactor.limits?.timeMs ?? Math.max(2 * programCpu, 2000);
  const programWall = programCpu * 3 + 2000 + cpuMs;
  const lingerMs = cpuMs * 3 + 2000;
  const limits: Limits = {
    cpuMs,
    wallMs: programWall * STARVED_WALL_FACTOR + lingerMs,
    memoryKiB: (setup.interactor.limits?.memoryMiB ?? 1024) * 1024,
    processes: 1,
    fileSizeBytes: setup.outputBytes,
    openFiles: 64,
  };
  return { limits, extraProgramWallMs: cpuMs, lingerMs };
}

/**
 * A box waiting in its setup for a partner that will never come (the partner's run failed before
 * it opened its pipes) is released by opening the pipes here: its program then meets a closed pipe.
 * Only a sandbox failure ends a run before its pipes are open.
 */
function releaseWhenPartnerFailed(runs: [Promise<RunResult>, Promise<RunResult>], pipes: Pipes): void {
  let settled = 0;
  let timer: NodeJS.Timeout | undefined;
  const poke = () => {
    for (const fifo of [pipes.toProgram, pipes.toInteractor]) {
      try {
        closeSync(openSync(fifo, constants.O_RDWR | constants.O_NONBLOCK));
      } catch {
        // Gone with the job: nothing waits on it any more.
      }
    }
  };
  const ended = (r: RunResult | null) => {
    settled++;
    if (settled === 1 && (!r || r.outcome === 'sandbox-error')) timer = setInterval(poke, 50);
    if (settled === 2 && timer) clearInterval(timer);
  };
  // A run that threw (the caller sees it through Promise.all) counts as failed here.
  for (const run of runs) run.then(ended, () => ended(null));
}

/**
 * Runs the program and the interactor side by side, each in its own box, joined by the lane's
 * pipes: the interactor gets the test's input and answer (`interactor input tout answer`, or
 * Kattis `validator input answer feedback/ [flags]`); the program sees neither.
 */
export async function runInteraction(
  setup: InteractionSetup,
  files: { input: string; answer: string },
  tag: string,
  pipes: Pipes,
): Promise<InteractionRun> {
  const protocol = setup.interactor.protocol ?? 'testlib';
  // Its files come back only when someone reads them (Kattis feedback, a tout to check); otherwise
  // it runs in the lane's empty box like the program, nothing to create or remove per test.
  const keepFiles = protocol === 'kattis' || setup.keepTout;
  const workDir = keepFiles ? await judgeProgramDir(setup.ioDir, 'interactor-') : emptyBoxDir(setup.ioDir);
  const stderrFile = join(setup.ioDir, `interactor-err-${tag}`);
  const { limits, extraProgramWallMs, lingerMs } = interactorLimits(setup);
  const binary = `${INTERACTOR_BOX_DIR}/checker`;
  const stop = new AbortController();
  const interactorRun = setup.sandbox.run({
    argv:
      protocol === 'kattis'
        ? [binary, '/data/input', '/data/answer', `/box/${FEEDBACK_DIR}/`, ...(setup.interactor.flags ?? [])]
        : [binary, '/data/input', '/box/tout', '/data/answer'],
    workDir,
    discardWrites: !keepFiles,
    readOnlyBinds: [
      { host: setup.interactorDir, box: INTERACTOR_BOX_DIR },
      { host: files.input, box: '/data/input' },
      { host: files.answer, box: '/data/answer' },
    ],
    env: { PATH: '/usr/bin:/bin', LANG: 'C.UTF-8' },
    stdinFile: pipes.toInteractor,
    stdoutFile: pipes.toProgram,
    stderrFile,
    limits,
    signal: stop.signal,
  });
  const programRun = runProgram(setup.sandbox, setup.lang, {
    buildDir: setup.buildDir,
    entry: setup.entry,
    ioDir: setup.ioDir,
    tag,
    inputPath: pipes.toProgram,
    stdoutPath: pipes.toInteractor,
    timeMs: setup.limits.timeMs,
    memoryMiB: setup.limits.memoryMiB,
    outputBytes: setup.outputBytes,
    extraWallMs: extraProgramWallMs,
  });
  releaseWhenPartnerFailed([programRun.then((p) => p.run), interactorRun], pipes);
  // Once the program has gone, a well-behaved interactor reads the end of its input and exits.
  let lingered = false;
  const lingering = () => {
    const timer = setTimeout(() => {
      lingered = true;
      stop.abort();
    }, lingerMs);
    const done = () => clearTimeout(timer);
    interactorRun.then(done, done);
  };
  programRun.then(lingering, lingering);
  const [program, irun] = await Promise.all([programRun, interactorRun]);
  const printed = stderrOf(stderrFile);
  const said =
    irun.outcome === 'exited'
      ? await protocolOutcome(protocol, irun.exitCode ?? -1, printed, workDir, '交互程序')
      : null;
  const stderr = printed.head.trim();
  const outcome: InteractionOutcome =
    lingered && irun.outcome === 'sandbox-error'
      ? {
          verdict: 'IE',
          message: `交互程序在提交的程序结束 ${lingerMs / 1000} 秒后仍未退出${stderr ? `：${stderr}` : ''}`,
          fraction: 0,
          accepted: false,
        }
      : decideInteraction(program, { run: irun, said, stderr });
  if (!keepFiles) return { program, outcome, cleanup: async () => {} };
  const toutPath = join(workDir, 'tout');
  // Copied back out of the interactor's box: only a regular file is trusted (never a symlink).
  const tout = lstatSync(toutPath, { throwIfNoEntry: false })?.isFile() ? toutPath : undefined;
  return { program, outcome, tout, cleanup: () => rm(workDir, { recursive: true, force: true }) };
}
