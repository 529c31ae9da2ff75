import { availableParallelism } from 'node:os';
import { runCustomMany } from '@oj/judge';
import {
  type AnswersRequest,
  type ContestMode,
  type CustomTestRequest,
  type CustomTestResult,
  type JudgeRequest,
  type Language,
  type LanguageOptions,
  resolveOptions,
} from '@oj/shared';
import type { Insertable } from 'kysely';
import type { Viewer } from '../../lib/auth';
import { badRequest } from '../../lib/errors';
import { type ProblemRow, shanghaiDate } from '../problems';
import type { SubmissionsTable } from './tables';
import { anyProblem, type Curtained, type SubmissionsDeps } from './deps';
import { dispatch, FIRST_JUDGE_VERSION, type JudgeState, refreshStats } from './judging';
import type { JudgeQueue } from '@oj/judge';
import { insertSubmission } from './repo';
import { refuseLanguage } from './language-limits';
import { PENDING_RESULT } from './pending-result';
import type { ReplaySink } from './code-access';

/**
 * Admits a contest submission (competition_id set): the contests module checks the contest and
 * the participant and answers the problem id (contest problems may be hidden) and how the try
 * counts (stored as `contest_mode`: in the contest, a virtual run, or practice).
 */
export type ContestGate = (
  viewer: Viewer,
  req: JudgeRequest,
) => Promise<{ problemId: number; mode: ContestMode }>;

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
  d: Submitting,
  viewer: Viewer,
  req: JudgeRequest,
  opts: SubmitOptions = {},
): Promise<number> {
  return admit(d, viewer, req, opts, (problem) => {
    // A language this site does not offer, or this problem does not take, is refused: never judged as IE.
    refuseLanguage(d, problem, req.language);
    const refusal = d.problems.languageRefusal(problem, req.language);
    if (refusal) throw badRequest(refusal, 'language');
    return {
      language: req.language,
      // Kept resolved (standard and O2 written out): a later change of the defaults leaves it as judged.
      language_options: storableOptions(req.language, req.options),
      source_code: req.source_code,
      code_length: Buffer.byteLength(req.source_code),
      answers: null,
    };
  });
}

/**
 * An output-only problem's answer files (`judge/submit-answers`): stored with the submission (they
 * are small enough to travel inline in the job, INLINE_ANSWERS_MAX) and judged by the checker.
 */
export async function submitAnswers(d: Submitting, viewer: Viewer, req: AnswersRequest): Promise<number> {
  // The contest gate reads only the problem, the contest and the index.
  const asJudgeRequest = { ...req, language: 'C++', source_code: '' } as JudgeRequest;
  return admit(d, viewer, asJudgeRequest, {}, (problem, testCount) => {
    if (d.problems.problemType(problem) !== 'output-only')
      throw badRequest('这道题需要提交程序，不接受答案文件', 'answers');
    const beyond = req.answers.filter((a) => a.test > testCount).map((a) => a.test);
    if (beyond.length)
      throw badRequest(`这道题只有 ${testCount} 个测试点，没有测试点 ${beyond.join('、')}`, 'answers');
    const answers = [...req.answers].sort((a, b) => a.test - b.test);
    return {
      language: '',
      language_options: null,
      source_code: '',
      code_length: answers.reduce((n, a) => n + Buffer.byteLength(a.content), 0),
      answers: JSON.stringify(answers),
    };
  });
}

type Submitting = Curtained & {
  queue: JudgeQueue;
  state: JudgeState;
  contestGate: ContestGate;
  replays: ReplaySink;
};

/** What a submission carries: a program, or an output-only problem's answers. */
type Payload = Pick<
  Insertable<SubmissionsTable>,
  'language' | 'language_options' | 'source_code' | 'code_length' | 'answers'
>;

async function admit(
  d: Submitting,
  viewer: Viewer,
  req: JudgeRequest,
  opts: SubmitOptions,
  payloadFor: (problem: ProblemRow, testCount: number) => Payload,
): Promise<number> {
  let contestMode: ContestMode = '';
  if (req.competition_id != null) {
    const admitted = await d.contestGate(viewer, req);
    req = { ...req, problem_id: admitted.problemId };
    contestMode = admitted.mode;
    opts = { ...opts, hiddenProblem: true };
  }
  const problem = opts.hiddenProblem
    ? await anyProblem(d, req.problem_id)
    : await d.problems.visibleRow(viewer, req.problem_id);
  const spec = d.problems.judgeSpec(problem); // refuses a problem without tests before anything is stored
  const payload = payloadFor(problem, spec.tests.length);
  // A timeline that does not end at this code is refused before anything is stored too.
  const replay = req.replay
    ? { sink: d.replays, packed: d.replays.prepare(req.replay, req.source_code) }
    : null;
  const now = new Date();
  const row = await insertSubmission(d.db, {
    problem_id: problem.id,
    user_id: viewer.uuid,
    ...payload,
    ...PENDING_RESULT,
    test_total: spec.tests.length,
    judge_version: FIRST_JUDGE_VERSION,
    tests_key: d.problems.testsKey(problem),
    competition_id: req.competition_id ?? null,
    problem_index: req.competition_id != null ? (req.index ?? null) : null,
    contest_mode: contestMode,
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

/** The options as stored with a submission: resolved for C and C++, null for the other languages. */
export function storableOptions(language: Language, options: LanguageOptions | undefined): string | null {
  const resolved = resolveOptions(language, options);
  return resolved ? JSON.stringify(resolved) : null;
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
  const problem = req.problem_id ? await anyProblem(d, req.problem_id) : null;
  refuseLanguage(d, problem, req.language);
  // Run as when judged: against the interactor, with the input and output files, with the grader.
  const refusal = problem && d.problems.languageRefusal(problem, req.language);
  if (refusal) throw badRequest(refusal, 'language');
  const runsAs = problem ? d.problems.programFields(problem) : {};
  const limits = await d.languages.limitsFor(
    req.language,
    problem
      ? { timeMs: problem.time_limit, memoryMiB: problem.memory_limit, outputBytes: problem.output_limit }
      : CUSTOM_DEFAULT_LIMITS,
  );
  return d.customSlots.run(async () => {
    // Compiled once, run on every input.
    const runs = await runCustomMany({
      language: req.language,
      options: req.options,
      source: req.source_code,
      inputs: req.input_list,
      limits,
      ...runsAs,
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
