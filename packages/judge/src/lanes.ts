import { availableParallelism } from 'node:os';

/**
 * The cores this process judges on. Each submission being judged holds one (its compile, then
 * its tests, one at a time); a submission may borrow the idle ones for more of its tests at once.
 * With as many submissions as cores nothing is borrowed, so one busy submission never slows the
 * others down, and the CPU time of each run is its own (a cgroup per run) whatever runs beside it.
 */
export class CorePool {
  private busy = 0;
  constructor(readonly capacity: number) {}

  /** A submission's own core: always granted (the queue's concurrency bounds these). */
  hold(): void {
    this.busy++;
  }

  /** An idle core, if there is one now. */
  tryBorrow(): boolean {
    if (this.busy >= this.capacity) return false;
    this.busy++;
    return true;
  }

  release(): void {
    this.busy = Math.max(0, this.busy - 1);
  }

  get inUse(): number {
    return this.busy;
  }
}

function configuredCores(text: string | undefined): number {
  const n = Number(text?.trim() || Number.NaN);
  return Number.isInteger(n) && n >= 1 && n <= 256 ? n : availableParallelism();
}

/** `OJ_JUDGE_CORES` (default: the machine's cores); 1 turns parallel tests off. */
export const judgeCores = new CorePool(configuredCores(process.env.OJ_JUDGE_CORES));

/**
 * Submissions judged at once by default: one per core (each holds its core; its tests may borrow
 * idle ones). One more, compiling while the others run their tests, was measured for issue 28
 * (`npm run bench judge` prints both): no gain on 2 cores (83 % against 85 % of bare, 79 % against
 * 97 %), since a compile is CPU-bound and the gaps between a job's steps are small.
 */
export function defaultJudgeConcurrency(pool: CorePool = judgeCores): number {
  return pool.capacity;
}

export interface LaneOptions<T> {
  total: number;
  /** Runs test `index` on `lane` (0 … pool.capacity − 1: lanes own their scratch files). */
  run: (index: number, lane: number) => Promise<T>;
  failed: (result: T) => boolean;
  /** Stop at the first failed test (ICPC style) rather than run them all (per-test scores). */
  stopAtFailure: boolean;
  /** Called once per finished test, in test order (a later test that ends first waits). */
  onResult?: (index: number, result: T) => void;
  pool?: CorePool;
  /**
   * The most tests at once (default: the pool's capacity). An interactive test runs two boxes, so
   * its job uses half the lanes: one sandbox helper per box stays warm (the pool keeps as many
   * helpers as cores).
   */
  maxLanes?: number;
}

export interface SkippingLaneOptions<T> extends LaneOptions<T> {
  /**
   * Whether a test need not run, given the results of the tests before it (undefined: not known
   * yet, or skipped). Asked when the test would start, on what is known then, and again before its
   * result is reported, on all the earlier results: a test that ran meanwhile is then dropped, so
   * the tests skipped are those one-by-one judging would skip. It must only skip more as more
   * results are known. Skipped tests are not reported and have no result (undefined).
   */
  skip: (index: number, earlier: ReadonlyArray<T | undefined>) => boolean;
}

/**
 * Runs the tests of one submission in order, on the submission's own lane and on lanes borrowed
 * from idle cores. Tests start in index order; when stopping at the first failure, nothing after
 * a failed test starts, and the results end at the first failed test, exactly as if they had run
 * one by one. The caller must hold one core of the pool.
 */
export async function runInLanes<T>(o: LaneOptions<T>): Promise<T[]> {
  // Without skipping, the results have no holes.
  return (await runLanes({ ...o, skip: () => false })) as T[];
}

/** runInLanes, skipping the tests `skip` says need not run (their results are undefined). */
export function runInLanesSkipping<T>(o: SkippingLaneOptions<T>): Promise<(T | undefined)[]> {
  return runLanes(o);
}

async function runLanes<T>(o: SkippingLaneOptions<T>): Promise<(T | undefined)[]> {
  const pool = o.pool ?? judgeCores;
  const results: (T | undefined)[] = new Array<T | undefined>(o.total);
  const skipped: boolean[] = new Array<boolean>(o.total).fill(false);
  const earlier = (index: number) => results.slice(0, index);
  let next = 0;
  let firstFailure = o.total;
  let reported = 0;
  const lanes = Math.max(1, Math.min(pool.capacity, o.maxLanes ?? pool.capacity));
  const freeLanes = Array.from({ length: lanes - 1 }, (_, i) => lanes - 1 - i);
  const borrowed = new Set<Promise<void>>();
  let failure: { error: unknown } | undefined;

  /** Passes over the tests that need not start, on what is known now. */
  const skipAhead = () => {
    while (next < o.total && (!o.stopAtFailure || next < firstFailure) && o.skip(next, earlier(next))) {
      skipped[next] = true;
      next++;
    }
  };
  const canStart = () => {
    skipAhead();
    return !failure && next < o.total && (!o.stopAtFailure || next < firstFailure);
  };
  const report = () => {
    while (
      reported < o.total &&
      reported <= firstFailure &&
      (skipped[reported] || results[reported] !== undefined)
    ) {
      if (!skipped[reported] && o.skip(reported, earlier(reported))) {
        results[reported] = undefined; // ran early beside others; one by one it would not have
        skipped[reported] = true;
      }
      if (!skipped[reported]) o.onResult?.(reported, results[reported] as T);
      reported++;
    }
  };
  const runTest = async (index: number, lane: number) => {
    const result = await o.run(index, lane);
    results[index] = result;
    if (o.stopAtFailure && o.failed(result) && index < firstFailure) firstFailure = index;
    report();
  };
  const grow = () => {
    while (canStart() && freeLanes.length > 0 && pool.tryBorrow()) {
      const lane = freeLanes.pop() as number;
      const index = next++;
      // One test per borrowing: the core goes back at once, for whichever submission needs it.
      const done: Promise<void> = runTest(index, lane)
        .catch((error: unknown) => {
          failure ??= { error }; // e.g. the test data store failed: the job is retried
        })
        .finally(() => {
          pool.release();
          freeLanes.push(lane);
          borrowed.delete(done);
          grow();
        });
      borrowed.add(done);
    }
  };

  try {
    while (canStart()) {
      const index = next++;
      grow();
      await runTest(index, 0);
    }
  } finally {
    while (borrowed.size > 0) await Promise.allSettled([...borrowed]);
  }
  if (failure) throw failure.error;
  const end = o.stopAtFailure && firstFailure < o.total ? firstFailure + 1 : o.total;
  return results.slice(0, end) as T[];
}
