import { z } from 'zod';

/**
 * Contract of the problem import and export (issue 18, docs/problem-transfer.md):
 * `POST /api/problem/algorithm/admin/import` (multipart, one `file`) and
 * `GET /api/problem/algorithm/admin/export?ids=1,2&format=hydro|fps`.
 */

export const TRANSFER_FORMATS = ['hydro', 'fps'] as const;
export type TransferFormat = (typeof TRANSFER_FORMATS)[number];

/** Formats the import recognises from the file's content. */
export const IMPORT_FORMATS = ['hydro', 'fps', 'qduoj', 'polygon'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export const IMPORT_FORMAT_LABELS: Record<ImportFormat, string> = {
  hydro: 'HydroOJ 题目包',
  fps: 'FPS XML（HUSTOJ / QDUOJ）',
  qduoj: 'QDUOJ 导出包',
  polygon: 'Polygon 题目包',
};

/** Most problems one export may hold. */
export const EXPORT_IDS_MAX = 100;

/** What the import answers: the new (hidden) problems and what could not be carried over, in Chinese. */
export const ImportResult = z.object({
  format: z.enum(IMPORT_FORMATS),
  imported: z.array(z.number().int()),
  warnings: z.array(z.string()),
});
export type ImportResult = z.infer<typeof ImportResult>;

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
