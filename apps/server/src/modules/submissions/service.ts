import { availableParallelism } from 'node:os';
import type { Kysely } from 'kysely';
import { runCustomMany, type JudgeQueue } from '@oj/judge';
import type {
  CustomTestRequest,
  CustomTestResult,
  DailyCount,
  JudgeProgress,
  JudgeRequest,
  JudgeResult,
  ProgressEvent,
  RecordPage,
  RecordsQuery,
  RecordSum,
  SubmissionRecord,
  TestResultView,
} from '@oj/shared';
import type { Database, ProblemRow, SubmissionRow } from '../../db/types';
import { ANONYMOUS, type Viewer } from '../../lib/auth';
import { can } from '../../lib/permissions';
import { notFound } from '../../lib/errors';
import { paginateQuery } from '../../lib/pagination';
import { nowIso } from '../../lib/time';
import { shanghaiDate } from '../problems/dates';
import type { ProblemsService } from '../problems/service';
import type { UsersService } from '../users/service';
import type { ProgressHub } from './hub';
import { type Names, presentRecord, presentRecordRow } from './present';

/** Judge jobs carry `<submission id>.<judge version>`: a result of an older (re)judge is ignored. */
const jobId = (id: number, version: number) => `${id}.${version}`;
const parseJobId = (s: string) => {
  const m = /^(\d+)\.(\d+)$/.exec(s);
  return m ? { id: Number(m[1]), version: Number(m[2]) } : null;
};

const CUSTOM_DEFAULT_LIMITS = { timeMs: 1000, memoryMiB: 256 };

export interface JudgeStats {
  judged: number;
  lastLatencyMs: number;
  /** Exponentially weighted mean of submit-to-verdict, ms. */
  meanLatencyMs: number;
  depth: number;
}

export function createSubmissionsService(deps: {
  db: Kysely<Database>;
  problems: ProblemsService;
  users: UsersService;
  queue: JudgeQueue;
  hub: ProgressHub;
  onError: (err: unknown, what: string) => void;
}) {
  const { db, problems, users, queue, hub } = deps;
  const queuedAt = new Map<number, number>();
  const stats: JudgeStats = { judged: 0, lastLatencyMs: 0, meanLatencyMs: 0, depth: 0 };
  // Other modules (contests) follow submissions without the judge knowing them (STYLE §7).
  const changeListeners: ((row: SubmissionRow) => void)[] = [];
  const emitChange = (row: SubmissionRow) => {
    for (const fn of [...changeListeners]) {
      try {
        fn(row);
      } catch (err) {
        deps.onError(err, 'a submission listener');
      }
    }
  };
  let contestGate: ((viewer: Viewer, req: JudgeRequest) => Promise<number>) | null = null;
  const refreshDepth = () =>
    void queue.depth().then(
      (d) => (stats.depth = d),
      () => {},
    );

  async function names(rows: SubmissionRow[]): Promise<Names> {
    const [problemNames, authors] = await Promise.all([
      problems.names([...new Set(rows.map((r) => r.problem_id))]),
      users.briefs(rows.map((r) => r.user_id)),
    ]);
    return { problems: problemNames, users: authors };
  }

  /** A problem whether visible or hidden (contest, math / 408 programming); 404 when it does not exist. */
  async function anyProblem(id: number): Promise<ProblemRow> {
    const p = await problems.row(id);
    if (!p) throw notFound(`题目 ${id} 不存在`);
    return p;
  }

  const byId = (id: number) =>
    db.selectFrom('submissions').selectAll().where('id', '=', id).executeTakeFirst();

  /** (Re)queues a stored submission with a new judge version. */
  async function enqueue(s: SubmissionRow): Promise<boolean> {
    const problem = await problems.row(s.problem_id);
    if (!problem) return false;
    const spec = problems.judgeSpec(problem);
    const version = s.judge_version + 1;
    await db
      .updateTable('submissions')
      .set({
        judge_version: version,
        status: 'PD',
        time_used: 0,
        memory_used: 0,
        compile_message: '',
        message: '',
        test_results: '[]',
        test_total: spec.tests.length,
        judge_time: null,
      })
      .where('id', '=', s.id)
      .execute();
    hub.reset(s.id);
    hub.publish({ kind: 'queued', submission_id: s.id });
    emitChange({ ...s, judge_version: version, status: 'PD', judge_time: null });
    queuedAt.set(s.id, Date.now());
    await queue.submit({
      submissionId: jobId(s.id, version),
      language: s.language as JudgeRequest['language'],
      source: s.source_code,
      ...spec,
    });
    refreshDepth();
    return true;
  }

  /** Bank counters and the user's status follow the stored verdicts (rejudges included). */
  async function refreshStats(problemId: number, userId: number): Promise<void> {
    const all = await db
      .selectFrom('submissions')
      .select((eb) => [
        eb.fn.countAll().as('n'),
        eb.fn.sum(eb.case().when('status', '=', 'AC').then(1).else(0).end()).as('ac'),
      ])
      .where('problem_id', '=', problemId)
      .executeTakeFirstOrThrow();
    await problems.setStats(problemId, Number(all.n), Number(all.ac ?? 0));
    const mine = await db
      .selectFrom('submissions')
      .select((eb) => [
        eb.fn.countAll().as('n'),
        eb.fn.sum(eb.case().when('status', '=', 'AC').then(1).else(0).end()).as('ac'),
      ])
      .where('problem_id', '=', problemId)
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    await problems.setUserStatus(userId, problemId, Number(mine.n) ? Number(mine.ac ?? 0) > 0 : null);
  }

  function testView(t: JudgeResult['tests'][number], i: number): TestResultView {
    return {
      index: i + 1,
      status: t.status,
      time_used: Math.round(t.timeMs),
      memory_used: Math.round(t.memoryKiB),
      message: t.message,
    };
  }

  async function onResult(r: JudgeResult): Promise<void> {
    const job = parseJobId(r.submissionId);
    if (!job) return;
    const res = await db
      .updateTable('submissions')
      .set({
        status: r.status,
        time_used: Math.round(r.timeMs),
        memory_used: Math.round(r.memoryKiB),
        compile_message: r.compileMessage,
        message: r.message ?? '',
        test_results: JSON.stringify(r.tests.map(testView)),
        judge_time: nowIso(),
      })
      .where('id', '=', job.id)
      .where('judge_version', '=', job.version)
      .where('status', '=', 'PD')
      .executeTakeFirst();
    const row = await byId(job.id);
    if (!row || row.judge_version !== job.version) return;
    if (Number(res.numUpdatedRows)) {
      await refreshStats(row.problem_id, row.user_id);
      const t0 = queuedAt.get(job.id);
      queuedAt.delete(job.id);
      if (t0) {
        stats.lastLatencyMs = Date.now() - t0;
        stats.meanLatencyMs = stats.judged
          ? 0.9 * stats.meanLatencyMs + 0.1 * stats.lastLatencyMs
          : stats.lastLatencyMs;
      }
      stats.judged++;
    }
    refreshDepth();
    // Every server node hears every result (Redis backend): each tells its own streams.
    emitChange(row);
    hub.publish({
      kind: 'done',
      submission_id: row.id,
      record: presentRecord(row, await names([row]), ANONYMOUS),
    });
  }

  function onProgress(e: JudgeProgress): void {
    const job = parseJobId(e.submissionId);
    if (!job) return;
    let event: ProgressEvent;
    if (e.kind === 'compiling') event = { kind: 'compiling', submission_id: job.id };
    else if (e.kind === 'running')
      event = { kind: 'running', submission_id: job.id, test: e.test, total: e.total };
    else
      event = {
        kind: 'test',
        submission_id: job.id,
        test: e.test,
        total: e.total,
        result: testView(e.result, e.test - 1),
      };
    hub.publish(event);
  }

  const pending = new Set<Promise<void>>();
  queue.onResult((r) => {
    const p = onResult(r)
      .catch((err) => deps.onError(err, 'storing a judge result'))
      .finally(() => pending.delete(p));
    pending.add(p);
  });
  queue.onProgress((e) => onProgress(e));

  let customRunning = 0;
  const customWaiting: (() => void)[] = [];
  const customSlots = Math.max(1, availableParallelism());
  async function withCustomSlot<T>(fn: () => Promise<T>): Promise<T> {
    if (customRunning >= customSlots) await new Promise<void>((r) => customWaiting.push(r));
    customRunning++;
    try {
      return await fn();
    } finally {
      customRunning--;
      customWaiting.shift()?.();
    }
  }

  async function listPage(
    q: RecordsQuery,
    filter: { userId?: number; viewer?: Viewer },
  ): Promise<RecordPage> {
    // Public lists leave out hidden problems' records (admins and the author still see them); the
    // hidden ids stay a subquery of the same statement, however many contest and math / 408 ones exist.
    const viewer = filter.viewer;
    const hideFrom =
      viewer && filter.userId === undefined && !can(viewer, { action: 'problem.viewHidden' }) ? viewer : null;
    const base = () => {
      let b = db.selectFrom('submissions');
      if (hideFrom)
        b = b.where((eb) =>
          eb.or([
            eb('problem_id', 'not in', eb.selectFrom('problems').select('id').where('visible', '=', 0)),
            eb('user_id', '=', hideFrom.uuid),
          ]),
        );
      if (q.problem_id !== undefined) b = b.where('problem_id', '=', q.problem_id);
      const uid = filter.userId ?? q.uuid;
      if (uid !== undefined) b = b.where('user_id', '=', uid);
      if (q.status) b = b.where('status', '=', q.status);
      if (q.language) b = b.where('language', '=', q.language);
      return b;
    };
    const page = await paginateQuery(q, base, (b) => b.selectAll().orderBy('id', 'desc'));
    const n = await names(page.records);
    return { ...page, records: page.records.map((r) => presentRecordRow(r, n)) };
  }

  async function sum(filter: { problemId?: number; userId?: number }): Promise<RecordSum> {
    let b = db.selectFrom('submissions');
    if (filter.problemId !== undefined) b = b.where('problem_id', '=', filter.problemId);
    if (filter.userId !== undefined) b = b.where('user_id', '=', filter.userId);
    const r = await b
      .select((eb) => [
        eb.fn.countAll().as('n'),
        eb.fn.sum(eb.case().when('status', '=', 'AC').then(1).else(0).end()).as('ac'),
      ])
      .executeTakeFirstOrThrow();
    const distinct = await b
      .where('status', '=', 'AC')
      .select((eb) =>
        eb.fn
          .count(filter.userId !== undefined ? 'problem_id' : 'user_id')
          .distinct()
          .as('d'),
      )
      .executeTakeFirstOrThrow();
    const total = Number(r.n);
    return { total, accepted: Number(r.ac ?? 0), pages: Math.ceil(total / 10), solved: Number(distinct.d) };
  }

  return {
    stats,

    /** Waits for results being written (server shutdown: before the database closes). */
    async drain(): Promise<void> {
      while (pending.size) await Promise.all([...pending]);
    },

    /** Every stored change of a submission: queued (PD, also on rejudge) and judged. */
    onChange(fn: (row: SubmissionRow) => void): () => void {
      changeListeners.push(fn);
      return () => {
        const i = changeListeners.indexOf(fn);
        if (i >= 0) changeListeners.splice(i, 1);
      };
    },

    /**
     * Contest submissions (competition_id set) are admitted by the contests module: it checks the
     * contest and the participant and answers the problem id (contest problems may be hidden).
     */
    useContestGate(gate: (viewer: Viewer, req: JudgeRequest) => Promise<number>): void {
      contestGate = gate;
    },

    /** `hiddenProblem`: the math / 408 bank submits to its hidden problems on the user's behalf. */
    async submit(viewer: Viewer, req: JudgeRequest, opts: { hiddenProblem?: boolean } = {}): Promise<number> {
      if (req.competition_id != null && contestGate) {
        req = { ...req, problem_id: await contestGate(viewer, req) };
        opts = { ...opts, hiddenProblem: true };
      }
      const problem = opts.hiddenProblem
        ? await anyProblem(req.problem_id)
        : await problems.visibleRow(viewer, req.problem_id);
      problems.judgeSpec(problem); // refuses a problem without tests before anything is stored
      const now = new Date();
      const inserted = await db
        .insertInto('submissions')
        .values({
          problem_id: problem.id,
          user_id: viewer.uuid,
          language: req.language,
          source_code: req.source_code,
          code_length: Buffer.byteLength(req.source_code),
          status: 'PD',
          time_used: 0,
          memory_used: 0,
          compile_message: '',
          message: '',
          test_results: '[]',
          test_total: 0,
          judge_version: 0,
          competition_id: req.competition_id ?? null,
          problem_index: req.index ?? null,
          local_date: shanghaiDate(now),
          create_time: now.toISOString(),
          judge_time: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const row = (await byId(inserted.id))!;
      await refreshStats(problem.id, viewer.uuid);
      await enqueue(row);
      return row.id;
    },

    async rejudgeSubmission(id: number): Promise<number> {
      const s = await byId(id);
      if (!s) throw notFound(`提交 ${id} 不存在`);
      if (!(await problems.row(s.problem_id))) throw notFound(`提交 ${id} 的题目已删除，无法重新评测`);
      await enqueue(s);
      await refreshStats(s.problem_id, s.user_id);
      return 1;
    },

    async rejudgeProblem(problemId: number): Promise<number> {
      const p = await problems.row(problemId);
      if (!p) throw notFound(`题目 ${problemId} 不存在`);
      problems.judgeSpec(p);
      const rows = await db
        .selectFrom('submissions')
        .selectAll()
        .where('problem_id', '=', problemId)
        .orderBy('id')
        .execute();
      for (const s of rows) await enqueue(s);
      for (const uid of new Set(rows.map((r) => r.user_id))) await refreshStats(problemId, uid);
      return rows.length;
    },

    /** Start-up: submissions left PD by a crash (or a lost job) are judged again. */
    async recover(): Promise<number> {
      const rows = await db
        .selectFrom('submissions')
        .selectAll()
        .where('status', '=', 'PD')
        .orderBy('id')
        .execute();
      let n = 0;
      for (const s of rows) {
        try {
          if (await enqueue(s)) n++;
          else
            await db
              .updateTable('submissions')
              .set({ status: 'IE', message: '题目已删除，无法评测', judge_time: nowIso() })
              .where('id', '=', s.id)
              .execute();
        } catch (err) {
          // Cannot be judged any more (e.g. its tests were removed): end it rather than leave it PD.
          deps.onError(err, `re-queueing submission ${s.id}`);
          await db
            .updateTable('submissions')
            .set({ status: 'IE', message: `无法重新评测：${(err as Error).message}`, judge_time: nowIso() })
            .where('id', '=', s.id)
            .execute();
        }
      }
      return n;
    },

    async record(viewer: Viewer, id: number): Promise<SubmissionRecord> {
      const s = await byId(id);
      if (!s) throw notFound(`提交 ${id} 不存在`);
      return presentRecord(s, await names([s]), viewer);
    },

    /** Current state for a stream that just connected: done (already judged) or the latest progress. */
    async snapshot(viewer: Viewer, id: number): Promise<ProgressEvent> {
      const rec = await this.record(viewer, id);
      if (rec.status !== 'PD') return { kind: 'done', submission_id: id, record: rec };
      return hub.current(id) ?? { kind: 'queued', submission_id: id };
    },

    list: (viewer: Viewer, q: RecordsQuery) => listPage(q, { viewer }),
    listMine: (viewer: Viewer, q: RecordsQuery) => listPage(q, { userId: viewer.uuid }),
    sumOfProblem: (problemId: number | undefined) => sum({ problemId }),
    sumOfUser: (viewer: Viewer, problemId?: number) => sum({ userId: viewer.uuid, problemId }),

    async dailyCounts(uuid: number, year: number): Promise<DailyCount[]> {
      const rows = await db
        .selectFrom('submissions')
        .select((eb) => ['local_date', eb.fn.countAll().as('num')])
        .where('user_id', '=', uuid)
        .where('local_date', '>=', `${year}-01-01`)
        .where('local_date', '<=', `${year}-12-31`)
        .groupBy('local_date')
        .orderBy('local_date')
        .execute();
      return rows.map((r) => ({ date: r.local_date, num: Number(r.num) }));
    },

    /** `judge/test`: the user's program on the user's inputs, in the sandbox, nothing stored. */
    async custom(viewer: Viewer, req: CustomTestRequest): Promise<CustomTestResult[]> {
      // Limits are not secret: hidden problems (the math / 408 programming questions) lend theirs too.
      const limits = req.problem_id
        ? await anyProblem(req.problem_id).then((p) => ({ timeMs: p.time_limit, memoryMiB: p.memory_limit }))
        : CUSTOM_DEFAULT_LIMITS;
      return withCustomSlot(async () => {
        // Compiled once, run on every input.
        const runs = await runCustomMany({
          language: req.language,
          source: req.source_code,
          inputs: req.input_list,
          limits,
        });
        const out: CustomTestResult[] = runs.map((r, i) => ({
          input: req.input_list[i],
          output: r.stdout,
          stderr: r.stderr,
          status: r.status,
          time_used: Math.round(r.timeMs),
          memory_used: Math.round(r.memoryKiB),
          compile_message: r.compileMessage,
          message: r.message,
        }));
        return out;
      });
    },
  };
}
export type SubmissionsService = ReturnType<typeof createSubmissionsService>;
