import { randomUUID } from 'node:crypto';
import type { ImportJob, ImportJobBrief, ImportJobStatus } from '@oj/shared';
import type { ImportJobRow } from './tables';
import { AppError, conflict, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import type { ImportDeps } from './deps';
import { sniffUpload } from './detect';
import { storeProblem } from './import';
import * as repo from './repo';
import { type Parsed, type ParseRun, ParseStopped, ParseThread } from './parse-thread';
import { presentBrief, presentJob } from './present';

/**
 * Problem import as a job (issue 22). The upload is answered as soon as its job row exists; the
 * package is parsed in a worker thread and its problems stored one by one, the row carrying the
 * progress, the problems made and the warnings, so the management page follows it across a
 * refresh and from any node. docs/problem-transfer.md, "Import jobs", says what a restart does.
 */

/** The running node writes to its job at least this often (its heartbeat)… */
export const HEARTBEAT_MS = 5_000;
/** …and a running job not written for this long is read as interrupted: its node stopped. */
export const STALE_MS = 60_000;
const RECENT_JOBS = 10;
const WARNINGS_MAX = 1000;
const WARNING_CHARS = 300;

const STALE_MESSAGE =
  '处理这次导入的服务器已停止（超过 60 秒没有进展），导入中断：已导入的题目保留（隐藏），其余题目没有导入，请重新上传包含它们的文件';

/** Warnings as stored: each cut to a line's length, and not more than a page can list. */
function stored(warnings: string[]): string[] {
  const cut = warnings
    .slice(0, WARNINGS_MAX)
    .map((w) => (w.length > WARNING_CHARS ? `${w.slice(0, WARNING_CHARS)}…` : w));
  if (warnings.length > WARNINGS_MAX) cut.push(`……另有 ${warnings.length - WARNINGS_MAX} 条提示未列出`);
  return cut;
}

interface Current {
  id: number;
  createdBy: number;
  total: number;
  parse: ParseRun | null;
  stopping: boolean;
  /** Aborted on stop: a problem whose tests are being generated stops between two of them. */
  stop: AbortController;
  done: Promise<void>;
}
type Change = Omit<repo.JobChange, 'heartbeat_time'>;
type Imported = ImportJob['imported'];

/**
 * This node's imports: one at a time (a package may unpack to 256 MiB, held until its problems
 * are stored), identified by a node id of this process so that a restarted node never takes an
 * old job for its own.
 */
export class ImportRunner {
  readonly node = randomUUID();
  private readonly thread = new ParseThread();
  private current: Current | null = null;
  private closed = false;

  constructor(private readonly d: ImportDeps) {}

  private now = () => nowIso(this.d.clock);

  /** Starts importing an upload; answers the new job (parsing) once its row exists. */
  async start(createdBy: number, bytes: Buffer, fileName: string): Promise<ImportJob> {
    sniffUpload(bytes);
    if (this.closed) throw conflict('服务器正在停止，请稍后再上传', 'file');
    if (this.current) {
      const which = this.current.id ? `（任务 ${this.current.id}）` : '';
      throw conflict(`本服务器上已有一个导入正在进行${which}，请等它完成后再上传`, 'file');
    }
    const cur: Current = {
      id: 0,
      createdBy,
      total: 0,
      parse: null,
      stopping: false,
      stop: new AbortController(),
      done: Promise.resolve(),
    };
    this.current = cur;
    try {
      cur.id = await repo.insertJob(this.d.db, {
        createdBy,
        fileName: fileName.slice(0, 200) || '未命名文件',
        fileSize: bytes.length,
        node: this.node,
        now: this.now(),
      });
    } catch (err) {
      this.current = null;
      throw err;
    }
    cur.done = this.run(cur, bytes)
      .catch((err: unknown) => this.d.onError(err, `problem import ${cur.id}`))
      .finally(() => {
        if (this.current === cur) this.current = null;
      });
    return presentJob((await repo.jobRow(this.d.db, cur.id))!);
  }

  /**
   * The server is stopping: a parse is abandoned, a store ends after the problem being written
   * (its own transaction), and the job is marked interrupted with what it imported.
   */
  async stop(): Promise<void> {
    this.closed = true;
    const cur = this.current;
    if (cur) {
      cur.stopping = true;
      cur.parse?.stop();
      cur.stop.abort();
      await cur.done;
    }
    await this.thread.close();
  }

  private async run(cur: Current, bytes: Buffer): Promise<void> {
    const beat = setInterval(() => {
      void this.write(cur, {}).catch((err: unknown) =>
        this.d.onError(err, `problem import ${cur.id} heartbeat`),
      );
    }, HEARTBEAT_MS);
    beat.unref();
    try {
      const parsed = await this.parse(cur, bytes);
      if (parsed) await this.store(cur, parsed);
    } catch (err) {
      // Not the package's fault (the database went away…): the job says so if it still can.
      await this.write(cur, {
        status: 'failed',
        error: { message: '导入时服务器出错，请稍后重新导入', field: null },
        finish_time: this.now(),
      }).catch(() => undefined);
      throw err;
    } finally {
      clearInterval(beat);
    }
  }

  /** The package read in a worker thread; null when it was refused (the job says why) or stopped. */
  private async parse(cur: Current, bytes: Buffer): Promise<Parsed | null> {
    if (cur.stopping) return this.interrupted(cur, [], []);
    cur.parse = this.thread.parse(bytes);
    try {
      return await cur.parse.result;
    } catch (err) {
      if (err instanceof ParseStopped) return this.interrupted(cur, [], []);
      if (!(err instanceof AppError)) throw err;
      const error = { message: err.message, field: err.field ?? null };
      await this.write(cur, { status: 'failed', error, finish_time: this.now() });
      return null;
    } finally {
      cur.parse = null;
    }
  }

  private async store(cur: Current, { format, problems }: Parsed): Promise<void> {
    cur.total = problems.length;
    if (!(await this.write(cur, { status: 'storing', format, total: problems.length }))) return;
    const imported: Imported = [];
    const warnings: string[] = [];
    for (let i = 0; i < problems.length; i++) {
      if (cur.stopping) {
        await this.interrupted(cur, imported, warnings);
        return;
      }
      const made = await storeProblem(this.d, problems[i], warnings, cur.createdBy, cur.stop.signal);
      // Left out because the stop came while its tests were generated: the job did not finish.
      if (!made && cur.stopping) {
        await this.interrupted(cur, imported, warnings);
        return;
      }
      if (made) imported.push(made);
      // Its test data is stored: the memory can go before the next problem.
      problems[i] = { ...problems[i], tests: [], images: [] };
      if (!(await this.write(cur, { done: i + 1, imported, warnings: stored(warnings) }))) return;
      // SQLite answers synchronously, so the awaits above never leave the event loop's turn:
      // requests waiting to be served get their turn between two problems.
      await new Promise((resolve) => setImmediate(resolve));
    }
    await this.write(cur, { status: 'done', finish_time: this.now() });
  }

  private async interrupted(cur: Current, imported: Imported, warnings: string[]): Promise<null> {
    const rest = cur.total - imported.length;
    const message = cur.total
      ? `服务器停止，导入中断：已导入的 ${imported.length} 道题目保留（隐藏），其余 ${rest} 道没有导入，请重新上传包含它们的文件`
      : '服务器停止，导入在解析题目包时中断，没有导入任何题目，请重新上传';
    await this.write(cur, {
      status: 'interrupted',
      imported,
      warnings: stored(warnings),
      error: { message, field: null },
      finish_time: this.now(),
    });
    return null;
  }

  /**
   * Progress, written only while this node still holds the job: when another node has declared
   * it interrupted (no heartbeat for STALE_MS), this node stops instead of bringing it back.
   */
  private async write(cur: Current, change: Change): Promise<boolean> {
    const ok = await repo.updateRunning(this.d.db, cur.id, this.node, {
      ...change,
      heartbeat_time: this.now(),
    });
    if (!ok) {
      cur.stopping = true;
      cur.stop.abort();
    }
    return ok;
  }
}

/**
 * A job as it is now: a running one whose node has not written for STALE_MS is interrupted (that
 * node stopped or crashed), which any node's read records. Reads write nothing otherwise.
 */
async function current(d: ImportDeps, row: ImportJobRow | undefined): Promise<ImportJobRow | undefined> {
  if (!row || !repo.RUNNING.includes(row.status as ImportJobStatus)) return row;
  const before = new Date(d.clock.now() - STALE_MS).toISOString();
  if (row.heartbeat_time >= before) return row;
  await repo.interruptStale(d.db, row.id, before, nowIso(d.clock), { message: STALE_MESSAGE, field: null });
  return repo.jobRow(d.db, row.id);
}

export async function importJob(d: ImportDeps, id: number): Promise<ImportJob> {
  const row = await current(d, await repo.jobRow(d.db, id));
  if (!row) throw notFound(`导入任务 ${id} 不存在`);
  return presentJob(row);
}

/** The latest imports (any admin's), newest first. */
export async function importJobs(d: ImportDeps): Promise<ImportJobBrief[]> {
  const rows = await repo.recentJobs(d.db, RECENT_JOBS);
  const now = await Promise.all(rows.map((r) => current(d, r)));
  return now.filter((r): r is ImportJobRow => r !== undefined).map(presentBrief);
}
