import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type Collect = (options: { type: 'minor' | 'major' }) => void;

/**
 * V8's collector, asked for without `--expose-gc` on the command line: the flag set now only
 * gives new contexts a `gc` function, so one throwaway context hands it over and the flag is
 * turned off again (the server's own global never gets a `gc`).
 */
function collector(): Collect {
  const exposed = (globalThis as { gc?: unknown }).gc;
  if (typeof exposed === 'function') return exposed as Collect;
  setFlagsFromString('--expose-gc');
  try {
    return runInNewContext('gc') as Collect;
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
}

const youngGeneration = () =>
  getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? 0;

/**
 * Issue 28: the start allocates much in about a second (modules, routes, schemas, the seed check),
 * so V8 grows its young generation to its maximum (two 16 MiB semi-spaces) and keeps it committed
 * while the server idles: no collection runs without allocation, and V8's memory reducer gives it
 * back only once it has seen a low allocation rate for long enough (~40 s after the start here).
 * A scavenge (~1–2 ms) lets V8 shrink it at once when the allocation rate since the collection
 * before was low: ~25 MiB less resident while idle. Tried every `everyMs` until the young
 * generation has shrunk (the first try may still see the end of the start, or a busy server),
 * `tries` times at most. Under load the young generation grows back as before.
 */
export function settleHeapAfterStart(everyMs = 5000, tries = 6): void {
  let collect: Collect | undefined;
  const attempt = (left: number) =>
    setTimeout(() => {
      const before = youngGeneration();
      (collect ??= collector())({ type: 'minor' });
      if (youngGeneration() >= before && left > 1) attempt(left - 1);
    }, everyMs).unref();
  attempt(tries);
}
