// The import's formats, job states and limits as plain constants (no zod): the server's parsers
// enforce them and the management site shows them, importing this file by path without zod.

/** Formats the import recognises from the file's content. */
export const IMPORT_FORMATS = ['hydro', 'fps', 'qduoj', 'polygon', 'kattis', 'domjudge'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export const IMPORT_FORMAT_LABELS: Record<ImportFormat, string> = {
  hydro: 'HydroOJ 题目包',
  fps: 'FPS XML（HUSTOJ / QDUOJ）',
  qduoj: 'QDUOJ 导出包',
  polygon: 'Polygon 题目包',
  kattis: 'Kattis / ICPC 题目包',
  domjudge: 'DOMjudge 题目包',
};

/**
 * An import is a job: `parsing` (the package read in a worker thread), `storing` (problems written
 * one by one, `done` of `total`), then `done`, `failed` (refused, nothing stored) or `interrupted`
 * (the server stopped mid-import: what was stored stays, the rest was not imported).
 */
export const IMPORT_JOB_STATUSES = ['parsing', 'storing', 'done', 'failed', 'interrupted'] as const;
export type ImportJobStatus = (typeof IMPORT_JOB_STATUSES)[number];

export const IMPORT_JOB_STATUS_LABELS: Record<ImportJobStatus, string> = {
  parsing: '解析中',
  storing: '保存中',
  done: '已完成',
  failed: '已拒绝',
  interrupted: '已中断',
};

const MiB = 1024 * 1024;

/**
 * What one package may hold. Every count a package declares (problems, tests, subtasks, samples,
 * tags, images) and every size and nesting depth is checked against these before the work it would
 * cause; a package over any of them is refused whole, naming the field, and nothing is stored.
 * The counts and sizes a problem may have are the bank's own (PROBLEM_LIMITS, which needs zod;
 * problem-transfer-rules.test.ts keeps the two equal).
 */
export const IMPORT_LIMITS = {
  /** The upload itself (compressed zip or FPS XML). */
  uploadMaxBytes: 64 * MiB,
  problemsMax: 100,
  testsMax: 200,
  /** A subtask (HydroOJ) or test group (Polygon) holds at least one test. */
  subtasksMax: 200,
  samplesMax: 10,
  tagsMax: 20,
  imagesMax: 50,
  imageMaxBytes: 5 * MiB,
  /** Entries of a zip, each file unpacked, and everything unpacked. */
  entriesMax: 4000,
  fileMaxBytes: 64 * MiB,
  totalMaxBytes: 256 * MiB,
  /** Each text the import parses: problem.xml / .yaml / .json, a statement file or field, a checker. */
  documentMaxBytes: 1 * MiB,
  /** Nesting of XML elements, YAML / JSON collections and HTML tags. */
  nestingMax: 64,
} as const;
