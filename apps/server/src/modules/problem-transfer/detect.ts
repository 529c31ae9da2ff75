import { IMPORT_LIMITS, type ImportFormat } from '@oj/shared';
import { badRequest } from '../../lib/errors';
import { type ArchiveLimits, readArchive } from '../problems';
import { looksLikeFps, parseFps } from './fps';
import { parseHydroFolder } from './hydro';
import { parseKattisFolder } from './kattis';
import { inProblem, limitProblems } from './limits';
import { rawProblem, type RawProblem } from './model';
import { naturalCompare, PackageFiles } from './package-files';
import { parsePolygonFolder } from './polygon';
import { isQduojFolder, parseQduojFolder } from './qduoj';

/** A package holds many problems, each up to the test data limits; all of it at most this, unpacked. */
export const PACKAGE_LIMITS: ArchiveLimits = {
  entriesMax: IMPORT_LIMITS.entriesMax,
  fileMaxBytes: IMPORT_LIMITS.fileMaxBytes,
  totalMaxBytes: IMPORT_LIMITS.totalMaxBytes,
};

const isZip = (b: Buffer) => b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b;

/**
 * What kind of file an upload is, from its first bytes (cheap: it runs on the request path, so a
 * file that is neither a zip nor FPS XML is refused at once, before any job is made).
 */
export function sniffUpload(bytes: Buffer): 'zip' | 'fps' {
  if (looksLikeFps(bytes)) return 'fps';
  if (isZip(bytes)) return 'zip';
  throw badRequest('无法识别的文件：请上传 zip 题目包或 FPS XML 文件', 'file');
}

type ZipFormat = Exclude<ImportFormat, 'fps'>;

const PARSERS: Record<ZipFormat, (files: PackageFiles, dir: string, raw: RawProblem) => RawProblem> = {
  hydro: parseHydroFolder,
  kattis: parseKattisFolder,
  domjudge: parseKattisFolder,
  polygon: parsePolygonFolder,
  qduoj: parseQduojFolder,
};

/** Top-level keys of a YAML text, without parsing it (detection only; the parser checks the rest). */
const yamlKeys = (text: string | undefined) =>
  new Set([...(text ?? '').slice(0, 64 * 1024).matchAll(/^([A-Za-z_][\w-]*)[ \t]*:/gm)].map((m) => m[1]));

const HYDRO_STATEMENTS = ['problem_zh.md', 'problem.md', 'problem_cn.md', 'problem_en.md'];
const HYDRO_KEYS = ['title', 'tag', 'pid', 'owner', 'nSubmit', 'nAccept', 'x-oj'];
const KATTIS_KEYS = [
  'name',
  'limits',
  'validation',
  'validator_flags',
  'problem_format_version',
  'uuid',
  'type',
  'license',
  'rights_owner',
  'keywords',
];

/**
 * A folder with problem.yaml is HydroOJ's (title, tag, pid, owner…; `testdata/`, problem*.md) or a
 * Kattis / ICPC package (name, limits, validation…; `data/sample`, `data/secret`, statement folders):
 * whichever its content says more of. DOMjudge's ini beside it makes it DOMjudge's.
 */
function yamlFolderFormat(files: PackageFiles, dir: string): ZipFormat {
  if (files.has(`${dir}domjudge-problem.ini`)) return 'domjudge';
  const keys = yamlKeys(files.text(`${dir}problem.yaml`));
  const has = (prefix: string) => files.under(`${dir}${prefix}`).length > 0;
  const hydro =
    HYDRO_KEYS.filter((k) => keys.has(k)).length +
    (has('testdata/') ? 2 : 0) +
    (has('additional_file/') || HYDRO_STATEMENTS.some((n) => files.has(`${dir}${n}`)) ? 1 : 0);
  const kattis =
    KATTIS_KEYS.filter((k) => keys.has(k)).length +
    (has('data/secret/') || has('data/sample/') ? 2 : 0) +
    (has('problem_statement/') || has('statement/') ? 1 : 0) +
    (has('submissions/') || has('output_validators/') || has('input_validators/') ? 1 : 0);
  return kattis > hydro ? 'kattis' : 'hydro';
}

/**
 * The problem folders of a zip and each one's format, by their content: problem.xml (Polygon),
 * domjudge-problem.ini (DOMjudge), problem.yaml (HydroOJ or Kattis, yamlFolderFormat), problem.json
 * with QDUOJ's fields. A folder inside another problem's folder is part of that problem.
 */
function problemFolders(files: PackageFiles): { dir: string; format: ZipFormat }[] {
  const found = new Map<string, ZipFormat>();
  const mark = (file: string, format: (dir: string) => ZipFormat | null) => {
    for (const dir of files.foldersWith(file)) {
      const f = found.has(dir) ? null : format(dir);
      if (f) found.set(dir, f);
    }
  };
  mark('problem.xml', () => 'polygon');
  mark('domjudge-problem.ini', () => 'domjudge');
  mark('problem.yaml', (dir) => yamlFolderFormat(files, dir));
  mark('problem.json', (dir) => (isQduojFolder(files, dir) ? 'qduoj' : null));
  const dirs = [...found.keys()].sort(naturalCompare);
  return dirs
    .filter((dir) => !dirs.some((outer) => outer !== dir && dir.startsWith(outer)))
    .map((dir) => ({ dir, format: found.get(dir)! }));
}

function parseZip(files: PackageFiles): { format: ImportFormat; problems: RawProblem[] } {
  const folders = problemFolders(files);
  if (!folders.length) {
    throw badRequest(
      '无法识别的压缩包：需要 HydroOJ、Kattis / ICPC、DOMjudge、QDUOJ 或 Polygon 题目包（problem.yaml、domjudge-problem.ini、problem.json 或 problem.xml）',
      'file',
    );
  }
  limitProblems(folders.length);
  const counts = new Map<ZipFormat, number>();
  for (const f of folders) counts.set(f.format, (counts.get(f.format) ?? 0) + 1);
  const format = [...counts.entries()].sort((a, b) => b[1] - a[1])[0][0];
  const problems = folders.map(({ dir, format: f }) => {
    const raw = rawProblem(dir.replace(/\/$/, '') || '题目');
    return inProblem(
      () => raw.label,
      () => PARSERS[f](files, dir, raw),
    );
  });
  return { format, problems };
}

/**
 * The format of an upload, decided by its content (never by its name), and its problems parsed.
 * Every count and size the package declares is checked against IMPORT_LIMITS on the way
 * (limits.ts): a package over any of them is refused whole. CPU-heavy: the import runs it in a
 * worker thread (parse-thread.ts).
 */
export async function parsePackage(
  bytes: Buffer,
  limits: ArchiveLimits = PACKAGE_LIMITS,
): Promise<{ format: ImportFormat; problems: RawProblem[] }> {
  const found =
    sniffUpload(bytes) === 'fps'
      ? { format: 'fps' as const, problems: parseFps(bytes) }
      : parseZip(new PackageFiles(await readArchive(bytes, limits)));
  if (!found.problems.length) throw badRequest('文件中没有题目', 'file');
  return found;
}
