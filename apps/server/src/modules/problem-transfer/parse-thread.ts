import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { ErrorCode, type ImportFormat } from '@oj/shared';
import { AppError, badRequest } from '../../lib/errors';
import type { RawProblem } from './model';

/** What the worker answers (import-parse.worker.ts). */
export type ParseAnswer =
  | { ok: true; format: ImportFormat; problems: RawProblem[] }
  | { ok: false; code: number; message: string; field: string | null };

export interface Parsed {
  format: ImportFormat;
  problems: RawProblem[];
}

/** A parse in progress: its result, and how to stop it (the server is shutting down). */
export interface ParseRun {
  result: Promise<Parsed>;
  stop(): void;
}

/** Parsing stopped by `stop()`, not by the package. */
export class ParseStopped extends Error {}

// apps/server/build.mjs bundles the worker as its own file beside main.js and points this URL at
// it (`.worker.js`); from the sources (tests, benches, tsx) it is the TypeScript file itself.
const WORKER = new URL('./import-parse.worker.ts', import.meta.url);

function startWorker(options: WorkerOptions): Worker {
  if (!WORKER.pathname.endsWith('.ts')) return new Worker(WORKER, options);
  // A worker does not inherit the TypeScript loader of the process that runs the sources: it
  // registers tsx itself (its ESM API, found through its package.json) before the worker file.
  const pkgFile = createRequire(import.meta.url).resolve('tsx/package.json');
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8')) as {
    exports: Record<string, { import: { default: string } }>;
  };
  const tsx = pathToFileURL(join(dirname(pkgFile), pkg.exports['./esm/api'].import.default)).href;
  const boot = `import(${JSON.stringify(tsx)}).then((t) => { t.register(); return import(${JSON.stringify(WORKER.href)}); });`;
  return new Worker(boot, { ...options, eval: true });
}

/** Generous for what the limits let in (a 64 MiB FPS file parses in a few seconds). */
const PARSE_TIMEOUT_MS = 5 * 60_000;
/** An idle thread is ended after this long (its memory is the package's, until collected). */
const IDLE_MS = 60_000;
/** The thread's JS heap; test data and images live outside it (buffers). */
const HEAP_MB = 2048;

const asBuffer = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength);

interface Pending {
  resolve(p: Parsed): void;
  reject(err: Error): void;
  timer: NodeJS.Timeout;
}

/**
 * Reads packages in a worker thread, one at a time: the server's own thread stays free for
 * requests while a package is unpacked and parsed. The thread is started on the first parse and
 * kept for the next (starting one costs ~0.3 s bundled, seconds from the TypeScript sources) until
 * it has been idle for IDLE_MS; a parse that fails, is stopped or runs out of time ends it.
 */
export class ParseThread {
  private worker: Worker | null = null;
  private pending: Pending | null = null;
  private idle: NodeJS.Timeout | null = null;

  constructor(private readonly idleMs = IDLE_MS) {}

  /**
   * The upload's bytes are handed over (transferred, not copied: `bytes` is unusable
   * afterwards), the problems come back the same way.
   */
  parse(bytes: Buffer, timeoutMs = PARSE_TIMEOUT_MS): ParseRun {
    if (this.pending) throw new Error('the parse thread reads one package at a time');
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    const worker = this.worker ?? this.spawn();
    // A buffer with memory of its own moves as it is; a view of shared (pooled) memory is copied.
    const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    const own = whole ? bytes : new Uint8Array(bytes);
    const result = new Promise<Parsed>((resolve, reject) => {
      const timer = setTimeout(
        () => this.fail(badRequest('解析题目包超时，请拆成几个较小的文件分别导入', 'file')),
        timeoutMs,
      );
      this.pending = { resolve, reject, timer };
    });
    worker.postMessage(own, [own.buffer as ArrayBuffer]);
    return { result, stop: () => this.fail(new ParseStopped()) };
  }

  /** The server is stopping: a parse in progress is abandoned, the thread ended. */
  async close(): Promise<void> {
    this.fail(new ParseStopped());
    await this.end();
  }

  private spawn(): Worker {
    const worker = startWorker({
      resourceLimits: { maxOldGenerationSizeMb: HEAP_MB },
      stdout: false,
      stderr: false,
    });
    // An idle thread does not keep the process alive.
    worker.unref();
    worker.on('message', (answer: ParseAnswer) => this.answer(answer));
    worker.on('error', (err: Error & { code?: string }) =>
      this.fail(
        err.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? badRequest('解析题目包时内存不足，请拆成几个较小的文件分别导入', 'file')
          : badRequest(`解析题目包时出错：${err.message.slice(0, 200)}`, 'file'),
      ),
    );
    worker.on('exit', (code) => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.fail(badRequest(`解析题目包时出错（线程退出码 ${code}）`, 'file'));
    });
    this.worker = worker;
    return worker;
  }

  private answer(answer: ParseAnswer): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = null;
    clearTimeout(pending.timer);
    this.idle = setTimeout(() => void this.end(), this.idleMs);
    this.idle.unref();
    if (!answer.ok) {
      const err = new AppError(answer.code || ErrorCode.BadRequest, answer.message);
      if (answer.field) err.field = answer.field;
      return pending.reject(err);
    }
    for (const p of answer.problems) {
      p.tests = p.tests.map((t) => ({ input: asBuffer(t.input), output: asBuffer(t.output) }));
      p.images = p.images.map((img) => ({ ref: img.ref, bytes: asBuffer(img.bytes) }));
    }
    pending.resolve({ format: answer.format, problems: answer.problems });
  }

  /** The parse in progress ends with `err`, and so does the thread (the next parse starts afresh). */
  private fail(err: Error): void {
    const pending = this.pending;
    this.pending = null;
    if (pending) {
      clearTimeout(pending.timer);
      pending.reject(err);
    }
    void this.end();
  }

  private async end(): Promise<void> {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }
}
