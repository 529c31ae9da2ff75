import yazl from 'yazl';
import type { Viewer } from '../../lib/auth';
import { forbidden, notFound } from '../../lib/errors';
import type { ContestApiDeps } from './deps';
import { apiInformation, COLLECTIONS } from './endpoints';
import { allObjects } from './objects';
import { sourceFileName } from './present';
import { presentScoreboard } from './scoreboard';
import { loadContest } from './view';

async function zipOf(entries: [string, Buffer | string][]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, body] of entries) zip.addBuffer(Buffer.from(body), name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const c of zip.outputStream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** A submission's files (admins): its source at the root of a zip, named as our judge names it. */
export async function submissionFiles(
  d: ContestApiDeps,
  viewer: Viewer,
  contestId: number,
  submissionId: number,
): Promise<Buffer> {
  const data = await loadContest(d, viewer, contestId);
  if (!data.caller.admin) throw forbidden('只有管理员可以下载提交的代码');
  const s = data.submissions.find((x) => x.id === submissionId);
  if (!s) throw notFound(`提交 ${submissionId} 不在该比赛中`);
  const source = (await d.submissions.sourcesOf([s.id])).get(s.id) ?? '';
  return zipOf([[sourceFileName(s.language, source), source]]);
}

/**
 * The contest package (the specification's Contest_Package.md, 2023-06): the API's answers as
 * files (`contest.json`, `<endpoint>.json`, `scoreboard.json`, `event-feed.ndjson`) and each
 * submission's files at `submissions/<id>/files.zip`; admins only, with the true results.
 */
export async function contestPackage(
  d: ContestApiDeps,
  viewer: Viewer,
  contestId: number,
): Promise<{ name: string; body: Buffer }> {
  const data = await loadContest(d, viewer, contestId);
  if (!data.caller.admin) throw forbidden('只有管理员可以导出比赛数据包');
  const objects = allObjects(data);
  const entries: [string, Buffer | string][] = [['api.json', json(apiInformation())]];
  entries.push(['contest.json', json(objects.find((o) => o.type === 'contest')!.data)]);
  entries.push(['state.json', json(objects.find((o) => o.type === 'state')!.data)]);
  for (const type of COLLECTIONS)
    entries.push([`${type}.json`, json(objects.filter((o) => o.type === type).map((o) => o.data))]);
  entries.push(['scoreboard.json', json(presentScoreboard(data))]);
  entries.push([
    'event-feed.ndjson',
    objects.map((o) => `${JSON.stringify({ type: o.type, id: o.id, data: o.data, token: null })}\n`).join(''),
  ]);
  const sources = await d.submissions.sourcesOf(data.submissions.map((s) => s.id));
  for (const s of data.submissions) {
    const source = sources.get(s.id) ?? '';
    entries.push([
      `submissions/${s.id}/files.zip`,
      await zipOf([[sourceFileName(s.language, source), source]]),
    ]);
  }
  return { name: `contest-${contestId}`, body: await zipOf(entries) };
}
