import { availableParallelism } from 'node:os';
import { runCustomMany } from '@oj/judge';
import type { CustomTestRequest, CustomTestResult, JudgeRequest } from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import { shanghaiDate } from '../problems';
import { anyProblem, type Curtained, type SubmissionsDeps } from './deps';
import { dispatch, FIRST_JUDGE_VERSION, type JudgeState, refreshStats } from './judging';
import type { JudgeQueue } from '@oj/judge';
import { insertSubmission } from './repo';
import { PENDING_RESULT } from './pending-result';
import type { ReplaySink } from './code-access';

/**
 * Admits a contest submission (competition_id set): the contests module checks the contest and
 * the participant and answers the problem id (contest problems may be hidden).
 */
export type ContestGate = (viewer: Viewer, req: JudgeRequest) => Promise<number>;

export interface SubmitOptions {
  /** The math / 408 bank submits to its hidden problems on the user's behalf. */
  hiddenProblem?: boolean;
}

/**
 * Stores a submission and queues it. What is known is passed forward: the problem read once, its
 * judge spec computed once, and the row inserted already queued (judge version 1, the test list it
 * is judged against) and returned by the insert itself.
 */
export async function submit(
  d: Curtained & {
    queue: JudgeQueue;
    state: JudgeState;
    contestGate: ContestGate;
    replays: ReplaySink;
  },
  viewer: Viewer,
  req: JudgeRequest,
  opts: SubmitOptions = {},
): Promise<number> {
  if (req.competition_id != null) {
    req = { ...req, problem_id: await d.contestGate(viewer, req) };
    opts = { ...opts, hiddenProblem: true };
  }
  const problem = opts.hiddenProblem
    ? await anyProblem(d, req.problem_id)
    : await d.problems.visibleRow(viewer, req.problem_id);
  const spec = d.problems.judgeSpec(problem); // refuses a problem without tests before anything is stored
  // A timeline that does not end at this code is refused before anything is stored too.
  const replay = req.replay
    ? { sink: d.replays, packed: d.replays.prepare(req.replay, req.source_code) }
    : null;
  const now = new Date();
  const row = await insertSubmission(d.db, {
    problem_id: problem.id,
    user_id: viewer.uuid,
    language: req.language,
    source_code: req.source_code,
    code_length: Buffer.byteLength(req.source_code),
    ...PENDING_RESULT,
    test_total: spec.tests.length,
    judge_version: FIRST_JUDGE_VERSION,
    tests_key: d.problems.testsKey(problem),
    competition_id: req.competition_id ?? null,
    problem_index: req.competition_id != null ? (req.index ?? null) : null,
    local_date: shanghaiDate(now),
    create_time: now.toISOString(),
    judge_time: null,
  });
  // The submission is stored: judging it must not wait on, or fail with, its replay.
  if (replay)
    await replay.sink.save(replay.packed, row).catch((err) => d.onError(err, 'storing a code replay'));
  await refreshStats(d, problem.id, viewer.uuid);
  await dispatch(d, row, spec);
  return row.id;
}

const CUSTOM_DEFAULT_LIMITS = { timeMs: 1000, memoryMiB: 256 };

/** At most one custom test per core at a time; the others wait their turn. */
export class CustomSlots {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly slots = Math.max(1, availableParallelism())) {}

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.running >= this.slots) await new Promise<void>((r) => this.waiting.push(r));
    this.running++;
    try {
      return await fn();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }
}

/** `judge/test`: the user's program on the user's inputs, in the sandbox, nothing stored. */
export async function customTest(
  d: SubmissionsDeps & { customSlots: CustomSlots },
  req: CustomTestRequest,
): Promise<CustomTestResult[]> {
  // Limits are not secret: hidden problems (the math / 408 programming questions) lend theirs too.
  const limits = req.problem_id
    ? await anyProblem(d, req.problem_id).then((p) => ({
        timeMs: p.time_limit,
        memoryMiB: p.memory_limit,
        outputBytes: p.output_limit,
      }))
    : CUSTOM_DEFAULT_LIMITS;
  return d.customSlots.run(async () => {
    // Compiled once, run on every input.
    const runs = await runCustomMany({
      language: req.language,
      source: req.source_code,
      inputs: req.input_list,
      limits,
    });
    return runs.map((r, i) => ({
      input: req.input_list[i],
      output: r.stdout,
      stderr: r.stderr,
      status: r.status,
      time_used: Math.round(r.timeMs),
      memory_used: Math.round(r.memoryKiB),
      compile_message: r.compileMessage,
      message: r.message,
    }));
  });
}
