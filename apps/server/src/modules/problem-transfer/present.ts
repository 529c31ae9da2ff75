import type { ImportFormat, ImportJob, ImportJobBrief, ImportJobError, ImportJobStatus } from '@oj/shared';
import type { ImportJobRow } from './tables';

const json = <T>(text: string | null, fallback: T): T => {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

/** An import job as the management site sees it. */
export function presentJob(r: ImportJobRow): ImportJob {
  return {
    job_id: r.id,
    status: r.status as ImportJobStatus,
    file_name: r.file_name,
    file_size: r.file_size,
    format: r.format as ImportFormat | null,
    total: r.total,
    done: r.done,
    imported: json<ImportJob['imported']>(r.imported, []),
    warnings: json<string[]>(r.warnings, []),
    error: json<ImportJobError | null>(r.error, null),
    create_time: r.create_time,
    finish_time: r.finish_time,
  };
}

/** The same in the list of recent imports: counts instead of the lists. */
export function presentBrief(r: ImportJobRow): ImportJobBrief {
  const { imported, warnings, ...rest } = presentJob(r);
  return { ...rest, imported_count: imported.length, warning_count: warnings.length };
}
