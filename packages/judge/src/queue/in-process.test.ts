import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JudgeJobInput, JudgeProgress, JudgeResult } from '@oj/shared';
import { sandboxReady } from '../../test/fixture';
import { LocalFilesStore } from '../testdata';
import { InProcessJudgeQueue } from './in-process';

const ready = await sandboxReady();

const AB =
  '#include <cstdio>\nint main() { long long a, b; scanf("%lld %lld", &a, &b); printf("%lld\\n", a + b); }\n';
const WRONG = '#include <cstdio>\nint main() { puts("0"); }\n';

describe.skipIf(!ready.ok)('in-process judge queue', () => {
  let dir: string;
  const store = new LocalFilesStore();
  const tests: JudgeJobInput['tests'] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'oj-queue-'));
    for (let i = 1; i <= 3; i++) {
      await writeFile(join(dir, `${i}.in`), `${i} ${i}\n`);
      await writeFile(join(dir, `${i}.out`), `${2 * i}\n`);
      tests.push({
        name: String(i),
        inputHash: await store.add(join(dir, `${i}.in`)),
        answerHash: await store.add(join(dir, `${i}.out`)),
      });
    }
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const job = (id: string, source: string, over: Partial<JudgeJobInput> = {}): JudgeJobInput => ({
    submissionId: id,
    language: 'C++',
    source,
    limits: { timeMs: 1000, memoryMiB: 128 },
    tests,
    ...over,
  });

  it('judges every job once, with progress in order, and one result each', async () => {
    const queue = new InProcessJudgeQueue({ testData: store, concurrency: 2 });
    const progress: JudgeProgress[] = [];
    const results = new Map<string, JudgeResult>();
    const timeline: string[] = [];
    queue.onProgress((e) => {
      progress.push(e);
      if (e.kind === 'compiling') timeline.push(`start ${e.submissionId}`);
    });
    const done = new Promise<void>((resolve) =>
      queue.onResult((r) => {
        timeline.push(`done ${r.submissionId}`);
        results.set(r.submissionId, r);
        if (results.size === 4) resolve();
      }),
    );
    await queue.submit(job('a', AB));
    await queue.submit(job('b', WRONG));
    await queue.submit(job('c', 'int main() { syntax error }'));
    const missing = 'f'.repeat(64);
    await queue.submit(
      job('d', AB, {
        tests: [{ name: '1', inputHash: missing, answerHash: createHash('sha256').update('').digest('hex') }],
      }),
    );
    expect(await queue.depth()).toBeGreaterThan(0);
    await done;

    expect(results.get('a')).toMatchObject({
      status: 'AC',
      tests: [{ status: 'AC' }, { status: 'AC' }, { status: 'AC' }],
    });
    expect(results.get('b')).toMatchObject({ status: 'WA', tests: [{ status: 'WA' }] });
    expect(results.get('c')?.status).toBe('CE');
    // The store could not give the test data: the engine threw, the queue still answers.
    expect(results.get('d')).toMatchObject({ status: 'IE' });
    expect(results.get('d')?.message).toMatch(/not known/);

    const ofA = progress
      .filter((e) => e.submissionId === 'a')
      .map((e) => (e.kind === 'compiling' ? 'compiling' : `${e.kind} ${e.test}/${e.total}`));
    expect(ofA).toEqual([
      'compiling',
      'running 1/3',
      'test 1/3',
      'running 2/3',
      'test 2/3',
      'running 3/3',
      'test 3/3',
    ]);
    // Two workers: the first two jobs start before any finishes, and never more than two run.
    expect(timeline.slice(0, 2).sort()).toEqual(['start a', 'start b']);
    let running = 0;
    for (const entry of timeline) {
      running += entry.startsWith('start') ? 1 : -1;
      expect(running).toBeLessThanOrEqual(2);
    }
    expect(await queue.depth()).toBe(0);
    await queue.close();
    await expect(queue.submit(job('e', AB))).rejects.toThrow(/closed/);
  }, 120_000);
});
