import type { ImportJob, Problem } from '@oj/shared';
import { expect } from 'vitest';
import type { Client } from '../../../test/helpers';
import { submit, verdict } from '../../../test/problems';

/** The import over the API, for the integration tests: start, follow, finish. */

const P = '/api/problem/algorithm';

/** Starts an import: the answer is the job (parsing), or the refusal of the upload itself. */
export function startImport(c: Client, bytes: Buffer, name = 'package.zip') {
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(bytes)]), name);
  return c.request<ImportJob>('POST', `${P}/admin/import`, { body: fd });
}

export const running = (job: ImportJob) => job.status === 'parsing' || job.status === 'storing';
export const jobOf = async (c: Client, id: number) =>
  (await c.get<ImportJob>(`${P}/admin/import/job?job_id=${id}`)).data;

/** Waits for the import to end (done, failed or interrupted) and answers its job. */
export async function finished(c: Client, id: number, timeoutMs = 60_000): Promise<ImportJob> {
  await expect
    .poll(async () => running(await jobOf(c, id)), { timeout: timeoutMs, interval: 50 })
    .toBe(false);
  return jobOf(c, id);
}

/** An import, start to end: its finished job (`timeoutMs`: one that runs generators takes longer). */
export async function upload(
  c: Client,
  bytes: Buffer,
  name = 'package.zip',
  timeoutMs?: number,
): Promise<ImportJob> {
  const res = await startImport(c, bytes, name);
  if (res.code !== 0) throw new Error(`import refused: ${res.message}`);
  return finished(c, res.data.job_id, timeoutMs);
}

/** Imports one problem and judges each source on it with the real judge: the verdicts, the problem, the job. */
export async function importAndJudge(c: Client, bytes: Buffer, name: string, sources: string[]) {
  const job = await upload(c, bytes, name);
  expect(job).toMatchObject({ status: 'done', imported: [expect.anything()] });
  const id = job.imported[0].problem_id;
  const problem = (await c.get<Problem>(`${P}/search/problemId?problem_id=${id}`)).data;
  const results = [];
  for (const source of sources) results.push((await verdict(c, await submit(c, id, 'C++', source))).status);
  return { results, problem, job };
}
