import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { AppError } from '../../lib/errors';
import { parsePackage } from './detect';
import type { RawProblem } from './model';
import type { ParseAnswer } from './parse-thread';

/**
 * The import's worker thread (issue 22): unpacking a package, parsing its XML / YAML / JSON and
 * converting its statements are CPU work of up to seconds, which on the server's own thread would
 * hold every other request. This thread takes one package at a time (its bytes, transferred) and
 * answers each: the parsed problems, or the refusal. Started by parse-thread.ts; bundled as its
 * own entry by build.mjs.
 */

/**
 * Test data and images leave by transfer, not copy: each problem's files are copied here into one
 * block of memory of its own (a buffer may be a view of a larger pooled one, which cannot be
 * transferred), and that block is handed over, so the server's thread receives one buffer per
 * problem (and can let each go once the problem is stored).
 */
function transferable(problems: RawProblem[]): ArrayBuffer[] {
  return problems.map((p) => {
    const files = [
      ...new Set([...p.tests.flatMap((t) => [t.input, t.output]), ...p.images.map((i) => i.bytes)]),
    ];
    const block = new Uint8Array(files.reduce((n, b) => n + b.length, 0));
    const moved = new Map<Buffer, Buffer>();
    let at = 0;
    for (const b of files) {
      block.set(b, at);
      moved.set(b, Buffer.from(block.buffer, at, b.length));
      at += b.length;
    }
    p.tests = p.tests.map((t) => ({ input: moved.get(t.input)!, output: moved.get(t.output)! }));
    p.images = p.images.map((img) => ({ ref: img.ref, bytes: moved.get(img.bytes)! }));
    return block.buffer;
  });
}

async function read(bytes: Uint8Array): Promise<void> {
  let answer: ParseAnswer;
  let transfer: ArrayBuffer[] = [];
  try {
    const { format, problems } = await parsePackage(
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length),
    );
    transfer = transferable(problems);
    answer = { ok: true, format, problems };
  } catch (err) {
    // A refusal travels as it is; anything else is a package we could not read, said as such.
    const why = String((err as Error)?.message ?? err).slice(0, 200);
    answer =
      err instanceof AppError
        ? { ok: false, code: err.code, message: err.message, field: err.field ?? null }
        : { ok: false, code: 0, message: `解析题目包时出错：${why}`, field: 'file' };
  }
  parentPort!.postMessage(answer, transfer);
}

// This thread yields the CPU to the server's own (like the judge, decisions.md): on Linux a
// priority set for "process 0" is the calling thread's alone (elsewhere it would be the whole
// server's, so it is left as it is).
if (process.platform === 'linux') setPriority(10);

parentPort!.on('message', (bytes: Uint8Array) => void read(bytes));
