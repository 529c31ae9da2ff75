import { z } from 'zod';
import { IMPORT_FORMATS, IMPORT_JOB_STATUSES } from './problem-transfer-rules';

export * from './problem-transfer-rules';

/**
 * Contract of the problem import and export (issue 18, docs/problem-transfer.md):
 * `POST /api/problem/algorithm/admin/import` (multipart, one `file`) starts an import job;
 * `GET …/admin/import/jobs` and `GET …/admin/import/job?job_id=` follow it;
 * `GET /api/problem/algorithm/admin/export?ids=1,2&format=hydro|fps`.
 */

export const TRANSFER_FORMATS = ['hydro', 'fps'] as const;
export type TransferFormat = (typeof TRANSFER_FORMATS)[number];

/** Most problems one export may hold. */
export const EXPORT_IDS_MAX = 100;

/** Why an import was refused or stopped, in Chinese; `field` names what the package got wrong. */
export const ImportJobError = z.object({ message: z.string(), field: z.string().nullable() });
export type ImportJobError = z.infer<typeof ImportJobError>;

/** One import: its state, progress, the problems it created (hidden) and what it could not carry over. */
export const ImportJob = z.object({
  job_id: z.number().int(),
  status: z.enum(IMPORT_JOB_STATUSES),
  file_name: z.string(),
  file_size: z.number().int(),
  /** Known once the package is read (null while parsing, or when it was not recognised). */
  format: z.enum(IMPORT_FORMATS).nullable(),
  /** Problems in the package (0 until it is read). */
  total: z.number().int(),
  /** Problems handled so far: imported or left out. */
  done: z.number().int(),
  imported: z.array(z.object({ problem_id: z.number().int(), title: z.string() })),
  warnings: z.array(z.string()),
  error: ImportJobError.nullable(),
  create_time: z.string(),
  finish_time: z.string().nullable(),
});
export type ImportJob = z.infer<typeof ImportJob>;

/** A job in the list of recent imports: counts instead of the lists. */
export const ImportJobBrief = ImportJob.omit({ imported: true, warnings: true }).extend({
  imported_count: z.number().int(),
  warning_count: z.number().int(),
});
export type ImportJobBrief = z.infer<typeof ImportJobBrief>;

export const ImportJobQuery = z.object({
  job_id: z.coerce
    .number({ error: '导入任务编号必须是整数' })
    .int('导入任务编号必须是整数')
    .min(1, '导入任务编号必须是正整数'),
});
export type ImportJobQuery = z.infer<typeof ImportJobQuery>;

export const ExportQuery = z.object({
  ids: z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').filter((s) => s.trim() !== '') : v),
    z
      .array(
        z.coerce
          .number({ error: '题目编号必须是整数' })
          .int('题目编号必须是整数')
          .min(1, '题目编号必须是正整数'),
        { error: '题目编号必须是以逗号分隔的整数' },
      )
      .min(1, '请选择要导出的题目')
      .max(EXPORT_IDS_MAX, `一次最多导出 ${EXPORT_IDS_MAX} 道题目`),
  ),
  format: z.enum(TRANSFER_FORMATS, { error: '导出格式必须是 hydro 或 fps' }).default('hydro'),
});
export type ExportQuery = z.infer<typeof ExportQuery>;
