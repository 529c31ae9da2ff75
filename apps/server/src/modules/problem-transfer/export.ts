import { type CheckerInput, ProblemJudging, type SampleCase, type TransferFormat } from '@oj/shared';
import { notFound } from '../../lib/errors';
import { parseJson, writeArchive } from '../problems';
import type { TransferDeps } from './deps';
import type { ExportedProblem } from './exported';
import { buildFps } from './fps';
import { buildHydro } from './hydro';
import { tagNameOf } from './model';

export interface ExportFile {
  bytes: Buffer;
  filename: string;
  mime: string;
  /** What the format could not carry (Chinese), sent in a header. */
  warnings: string[];
}

const OUR_IMAGE = /\/api\/files\/([0-9a-f]{64}\.(?:png|jpg|gif|webp))/g;

async function readStream(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** One of our problems, whole (hidden ones too: only admins export). */
export async function loadProblem(d: TransferDeps, id: number): Promise<ExportedProblem> {
  const row = await d.problems.row(id);
  if (!row) throw notFound(`题目 ${id} 不存在`);
  const images: ExportedProblem['images'] = [];
  for (const m of row.description.matchAll(OUR_IMAGE)) {
    if (images.some((i) => i.name === m[1]) || !(await d.files.storage.exists(m[1]))) continue;
    images.push({ url: m[0], name: m[1], bytes: await readStream(await d.files.storage.open(m[1])) });
  }
  return {
    problem_id: row.id,
    chinese_name: row.chinese_name,
    english_name: row.english_name,
    description: row.description,
    samples: parseJson<SampleCase[]>(row.samples, []),
    time_limit: row.time_limit,
    memory_limit: row.memory_limit,
    output_limit: row.output_limit,
    tag_names: parseJson<number[]>(row.tags, []).flatMap((t) => tagNameOf(t) ?? []),
    source_name: row.source_name,
    difficulty: row.difficulty,
    stop_at_first_failure: row.stop_at_first_failure !== 0,
    checker: parseJson<CheckerInput>(row.checker, { kind: 'default' }),
    judging: storedJudging(row.judging),
    tests: await d.problems.testPairs(id),
    images,
  };
}

/** The problem's judging as the problems module stores it (JSON, null: traditional all or nothing). */
function storedJudging(stored: string | null): ProblemJudging | null {
  const parsed = ProblemJudging.safeParse(parseJson<unknown>(stored ?? 'null', null));
  return parsed.success ? parsed.data : null;
}

export async function exportProblems(
  d: TransferDeps,
  ids: number[],
  format: TransferFormat,
): Promise<ExportFile> {
  const unique = [...new Set(ids)];
  const problems: ExportedProblem[] = [];
  for (const id of unique) problems.push(await loadProblem(d, id));
  const name = unique.length === 1 ? `problem-${unique[0]}` : `problems-${unique.length}`;
  if (format === 'fps') {
    const { xml, warnings } = buildFps(problems);
    return {
      bytes: Buffer.from(xml),
      filename: `${name}-fps.xml`,
      mime: 'application/xml; charset=utf-8',
      warnings,
    };
  }
  const { files, warnings } = buildHydro(problems);
  return {
    bytes: await writeArchive(files),
    filename: `${name}-hydro.zip`,
    mime: 'application/zip',
    warnings,
  };
}
