import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ImportJob } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fpsPackage } from '../../../test/import-packages';
import {
  backends,
  loginAsBoss,
  migratedDatabase,
  restartableOptions,
  TestClock,
} from '../../../test/helpers';
import type { Db } from '../../db/kysely';
import { scoped } from '../../db/scoped';
import { startServer } from '../../index';
import type { ImportDeps } from './deps';
import * as repo from './repo';
import { PROBLEM_TRANSFER_TABLES } from './tables';
import { ImportRunner, importJob, importJobs, STALE_MS } from './jobs';

/**
 * Import jobs when their node goes away (issue 22): a graceful stop marks the job interrupted
 * with what it stored, a node that stopped writing is declared so by whoever reads the job, and a
 * node declared so does not bring its job back.
 */

/** A bank whose `addWithTests` waits for the test to let each problem through. */
function heldBank() {
  const waiting: (() => void)[] = [];
  let next = 5000;
  const added: string[] = [];
  return {
    added,
    /** Problems waiting to be stored. */
    waiting: () => waiting.length,
    release: () => waiting.shift()?.(),
    problems: {
      addWithTests: async (input: { chinese_name: string }) => {
        await new Promise<void>((resolve) => waiting.push(resolve));
        added.push(input.chinese_name);
        return next++;
      },
      row: async () => undefined,
      testPairs: async () => [],
    },
  };
}

describe.each(backends())('import jobs on $name', (backend) => {
  let db: Db;
  let cleanup: () => Promise<void>;
  const clock = new TestClock();
  const errors: unknown[] = [];
  const depsWith = (problems: unknown): ImportDeps =>
    ({
      db: scoped(db.db, PROBLEM_TRANSFER_TABLES),
      clock,
      onError: (err: unknown) => errors.push(err),
      problems,
      files: { saveImage: async () => '/api/files/x.png', storage: null },
    }) as unknown as ImportDeps;

  beforeAll(async () => {
    ({ db, cleanup } = await migratedDatabase(backend));
  });
  afterAll(() => cleanup?.());

  const jobNow = (d: ImportDeps, id: number) => importJob(d, id);
  const until = async (d: ImportDeps, id: number, ok: (j: ImportJob) => boolean) => {
    await expect.poll(async () => ok(await jobNow(d, id)), { timeout: 30_000, interval: 20 }).toBe(true);
    return jobNow(d, id);
  };

  it('a stop mid-import keeps the problems stored and says the rest were not imported', async () => {
    const bank = heldBank();
    const d = depsWith(bank.problems);
    const runner = new ImportRunner(d);
    const { job_id } = await runner.start(1, fpsPackage(3, { title: '停止' }), 'stop.xml');
    await expect.poll(bank.waiting, { timeout: 30_000 }).toBe(1);
    bank.release();
    await until(d, job_id, (j) => j.done === 1);
    await expect.poll(bank.waiting).toBe(1);
    // The server stops while the second problem is being stored: that one is finished, no more.
    const stopped = runner.stop();
    bank.release();
    await stopped;
    const job = await jobNow(d, job_id);
    expect(job).toMatchObject({
      status: 'interrupted',
      total: 3,
      done: 2,
      imported: [
        { problem_id: 5000, title: '停止 1' },
        { problem_id: 5001, title: '停止 2' },
      ],
      error: {
        message: expect.stringMatching(
          /^服务器停止，导入中断：已导入的 2 道题目保留（隐藏），其余 1 道没有导入/,
        ),
      },
    });
    expect(job.finish_time).not.toBeNull();
    expect(bank.added).toEqual(['停止 1', '停止 2']);
    const refused = await runner.start(1, fpsPackage(1), 'late.xml').catch((e: Error) => e.message);
    expect(refused).toMatch(/服务器正在停止/);
  });

  it('a job whose node stopped writing reads as interrupted, and that node does not bring it back', async () => {
    const bank = heldBank();
    const d = depsWith(bank.problems);
    const runner = new ImportRunner(d);
    const { job_id } = await runner.start(1, fpsPackage(2, { title: '失联' }), 'lost.xml');
    await expect.poll(bank.waiting, { timeout: 30_000 }).toBe(1);
    // Still fresh: reading it changes nothing.
    expect((await jobNow(d, job_id)).status).toBe('storing');
    // Another node's clock says the heartbeat is too old (this node "hung" past STALE_MS).
    const other = { ...d, clock: { now: () => clock.now() + STALE_MS + 1_000 } };
    const seen = await jobNow(other, job_id);
    expect(seen).toMatchObject({
      status: 'interrupted',
      error: { message: expect.stringMatching(/处理这次导入的服务器已停止/) },
    });
    expect((await importJobs(other)).find((j) => j.job_id === job_id)?.status).toBe('interrupted');
    bank.release();
    // The first problem finishes, its write is refused, and the node stops there.
    await expect.poll(() => bank.added.length).toBe(1);
    await runner.stop();
    expect(bank.waiting()).toBe(0);
    expect(await jobNow(d, job_id)).toMatchObject({ status: 'interrupted', done: 0 });
  });

  it('a refused package fails its job with nothing stored', async () => {
    const bank = heldBank();
    const d = depsWith(bank.problems);
    const runner = new ImportRunner(d);
    const { job_id } = await runner.start(1, fpsPackage(101), 'many.xml');
    const job = await until(d, job_id, (j) => j.status !== 'parsing');
    expect(job).toMatchObject({
      status: 'failed',
      total: 0,
      error: { message: '一次最多导入 100 道题目（文件中有 101 道）', field: 'problems' },
    });
    expect(bank.added).toEqual([]);
    await runner.stop();
    expect(errors).toEqual([]);
  });

  it('keeps running jobs apart by node: one import at a time on each', async () => {
    const a = heldBank();
    const b = heldBank();
    const one = new ImportRunner(depsWith(a.problems));
    const two = new ImportRunner(depsWith(b.problems));
    await one.start(1, fpsPackage(1), 'a.xml');
    await expect(one.start(1, fpsPackage(1), 'a2.xml')).rejects.toThrow(/已有一个导入正在进行/);
    await two.start(1, fpsPackage(1), 'b.xml');
    await expect.poll(() => a.waiting() + b.waiting(), { timeout: 30_000 }).toBe(2);
    a.release();
    b.release();
    await Promise.all([one.stop(), two.stop()]);
    const rows = await repo.recentJobs(scoped(db.db, PROBLEM_TRANSFER_TABLES), 2);
    expect(rows.map((r) => r.node).sort()).toEqual([one.node, two.node].sort());
  });
});

describe('a restart during an import', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'oj-import-restart-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('leaves the job interrupted, readable after the restart', async () => {
    let server = await startServer(restartableOptions(dataDir));
    const boss = await loginAsBoss(server.url);
    const fd = new FormData();
    fd.append('file', new Blob([new Uint8Array(fpsPackage(100, { htmlBytes: 20_000 }))]), 'restart.xml');
    const started = await boss.request<ImportJob>('POST', '/api/problem/algorithm/admin/import', {
      body: fd,
    });
    expect(started.data.status).toBe('parsing');
    // Stopped while the package is still being read (the worker takes seconds over it).
    await server.close();
    server = await startServer(restartableOptions(dataDir));
    try {
      const again = await loginAsBoss(server.url);
      const job = await again.get<ImportJob>(
        `/api/problem/algorithm/admin/import/job?job_id=${started.data.job_id}`,
      );
      expect(job.data).toMatchObject({
        status: 'interrupted',
        imported: [],
        error: { message: '服务器停止，导入在解析题目包时中断，没有导入任何题目，请重新上传' },
      });
    } finally {
      await server.close();
    }
  });
});
