import { availableParallelism } from 'node:os';
import { runCustomMany } from '@oj/judge';
import type { CustomTestRequest, CustomTestResult, JudgeRequest } from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import { shanghaiDate } from '../problems';
import { anyProblem, type Curtained, type SubmissionsDeps } from './deps';
import { enqueue, type JudgeState, refreshStats } from './judging';
import type { JudgeQueue } from '@oj/judge';
import { submissionById } from './repo';
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

export async function submit(
  j: Curtained & {
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
    req = { ...req, problem_id: await j.contestGate(viewer, req) };
    opts = { ...opts, hiddenProblem: true };
  }
  const problem = opts.hiddenProblem
    ? await anyProblem(j, req.problem_id)
    : await j.problems.visibleRow(viewer, req.problem_id);
  j.problems.judgeSpec(problem); // refuses a problem without tests before anything is stored
  // A timeline that does not end at this code is refused before anything is stored too.
  const replay =
    req.replay ? { sink: j.replays, packed: j.replays.prepare(req.replay, req.source_code) } : null;
  const now = new Date();
  const inserted = await j.db
    .insertInto('submissions')
    .values({
      problem_id: problem.id,
      user_id: viewer.uuid,
      language: req.language,
      source_code: req.source_code,
      code_length: Buffer.byteLength(req.source_code),
      ...PENDING_RESULT,
      test_total: 0,
      judge_version: 0,
      competition_id: req.competition_id ?? null,
      problem_index: req.competition_id != null ? (req.index ?? null) : null,
      local_date: shanghaiDate(now),
      create_time: now.toISOString(),
      judge_time: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = (await submissionById(j.db, inserted.id))!;
  // The submission is stored: judging it must not wait on, or fail with, its replay.
  if (replay)
    await replay.sink.save(replay.packed, row).catch((err) => j.onError(err, 'storing a code replay'));
  await refreshStats(j, problem.id, viewer.uuid);
  await enqueue(j, row);
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
    ? await anyProblem(d, req.problem_id).then((p) => ({ timeMs: p.time_limit, memoryMiB: p.memory_limit }))
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
