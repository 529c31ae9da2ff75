import { LANGUAGES, VERDICTS, type Language, type RecordsQuery, type Verdict } from '../../lib/contract';

/** Rows per page of /records. */
export const RECORDS_PAGE_SIZE = 20;

const positive = (v: string | null) => {
  const n = Number(v);
  return v && Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

/**
 * The filters of /records from the address (`problem_id`, `user`, `uuid`, `language`, `status`,
 * `pageNum`): what is not valid is dropped, so a hand-edited address never sends a refused query.
 */
export function recordsQueryFromParams(params: URLSearchParams): RecordsQuery {
  const language = params.get('language');
  const status = params.get('status');
  const user = params.get('user')?.trim();
  return {
    problem_id: positive(params.get('problem_id')),
    uuid: positive(params.get('uuid')),
    user: user ? user.slice(0, 50) : undefined,
    language: (LANGUAGES as readonly string[]).includes(language ?? '') ? (language as Language) : undefined,
    status: (VERDICTS as readonly string[]).includes(status ?? '') ? (status as Verdict) : undefined,
    pageNum: positive(params.get('pageNum')) ?? 1,
    pageSize: RECORDS_PAGE_SIZE,
  };
}

/** The address of some filters (page size and page 1 left out: they are the defaults). */
export function paramsFromRecordsQuery(q: Partial<RecordsQuery>): URLSearchParams {
  const out = new URLSearchParams();
  for (const key of ['problem_id', 'user', 'uuid', 'language', 'status'] as const) {
    const v = q[key];
    if (v !== undefined && v !== '') out.set(key, String(v));
  }
  if (q.pageNum && q.pageNum > 1) out.set('pageNum', String(q.pageNum));
  return out;
}
