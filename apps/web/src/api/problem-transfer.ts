import { useQuery } from '@tanstack/react-query';
import type { ImportJob, ImportJobBrief, ImportJobStatus, TransferFormat } from '../lib/contract';
import { ErrorCode } from '../lib/contract';
import { buildUrl, get } from './http';
import { ApiError } from './errors';
import { problemKeys } from './problems';
import { useInvalidate } from './query';

/**
 * Problem import (XHR: the upload reports its progress) and export (a file to save) — issue 18.
 * An import is a job (issue 22): the upload answers it at once, then the page follows it.
 */

const P = '/api/problem/algorithm/admin';
type Envelope = { code?: number; message?: string; data?: ImportJob };

/** Uploads a package; `onProgress` gets 0–100 while the bytes go up. Answers the import's job. */
export function importProblems(file: File, onProgress: (percent: number) => void): Promise<ImportJob> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(`${P}/import`));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError(-1, '网络连接失败，请检查网络后重试'));
    xhr.onload = () => {
      let body: Envelope | null = null;
      try {
        body = JSON.parse(xhr.responseText) as Envelope;
      } catch {
        body = null;
      }
      if (body?.code === ErrorCode.Ok && body.data) resolve(body.data);
      else if (xhr.status === 413 && !body?.message)
        reject(new ApiError(413, '文件太大，超过了上传限制', 413));
      else
        reject(
          new ApiError(
            body?.code ?? xhr.status,
            body?.message || `导入失败（HTTP ${xhr.status}）`,
            xhr.status,
          ),
        );
    };
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}

/** One import job, as it is now (polled while it runs: errors are shown by the page, not toasted). */
export const importJob = (job_id: number) =>
  get<ImportJob>(`${P}/import/job`, { query: { job_id }, silent: true });

/** The latest imports, newest first. */
export const importJobs = () => get<ImportJobBrief[]>(`${P}/import/jobs`, { silent: true });

export interface ExportedFile {
  blob: Blob;
  filename: string;
  warnings: string[];
}

export async function exportProblems(ids: number[], format: TransferFormat): Promise<ExportedFile> {
  const res = await fetch(buildUrl(`${P}/export`, { ids: ids.join(','), format }), {
    credentials: 'include',
  });
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || type.includes('application/json')) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? `导出失败（HTTP ${res.status}）`);
  }
  const filename = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'problems';
  let warnings: string[] = [];
  try {
    warnings = JSON.parse(
      decodeURIComponent(res.headers.get('x-oj-export-warnings') ?? '%5B%5D'),
    ) as string[];
  } catch {
    warnings = [];
  }
  return { blob: await res.blob(), filename, warnings };
}

/** Hands a file to the browser's download. */
export function saveFile(blob: Blob, filename: string): void {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

// ---------------------------------------------------------------- query hooks

/** Still being read or stored (a job that ended, however, is done with). */
export const isImportRunning = (status: ImportJobStatus) => status === 'parsing' || status === 'storing';

/** Under the management bank's root (problemKeys.admin): saving a problem reads them again too. */
export const transferKeys = {
  jobs: [...problemKeys.admin, 'import-jobs'] as const,
  job: (id: number) => [...problemKeys.admin, 'import-job', id] as const,
};

/** The latest imports; read again every 3 s while one of them runs (another admin's, another node's). */
export const useImportJobs = () =>
  useQuery({
    queryKey: transferKeys.jobs,
    queryFn: importJobs,
    refetchInterval: (q) => (q.state.data?.some((j) => isImportRunning(j.status)) ? 3000 : false),
  });
export const useRefreshImportJobs = () => useInvalidate(transferKeys.jobs);
/** One import, read again every second until it has ended. */
export const useImportJob = (id: number) =>
  useQuery({
    queryKey: transferKeys.job(id),
    queryFn: () => importJob(id),
    refetchInterval: (q) => (q.state.data && !isImportRunning(q.state.data.status) ? false : 1000),
  });
