import type { AlgorithmQueryInput } from '../../../lib/contract';

/** SPEC §2 search parameters of /problems ↔ the bank query (pageSize 10 by default). */
export function bankQueryFromParams(params: URLSearchParams): AlgorithmQueryInput {
  const list = (name: string) => (params.get(name) ?? '').split(',').filter(Boolean);
  const difficulty = params.get('difficulty');
  const num = (name: string, dflt: number) => {
    const n = Number(params.get(name));
    return Number.isInteger(n) && n >= 1 ? n : dflt;
  };
  return {
    keyword: params.get('keyword')?.trim() || undefined,
    difficulty: difficulty !== null && /^[0-3]$/.test(difficulty) ? Number(difficulty) : undefined,
    tags_list: list('tagsList').map(Number).filter(Number.isInteger),
    source_list: list('sourceList') as AlgorithmQueryInput['source_list'],
    pageNum: num('pageNum', 1),
    pageSize: Math.min(num('pageSize', 10), 100),
  };
}

export function paramsFromBankQuery(q: AlgorithmQueryInput): Record<string, string> {
  const out: Record<string, string> = {};
  if (q.keyword) out.keyword = String(q.keyword);
  if (q.difficulty !== undefined) out.difficulty = String(q.difficulty);
  const tags = (q.tags_list ?? []) as unknown[];
  const sources = (q.source_list ?? []) as unknown[];
  if (tags.length) out.tagsList = tags.join(',');
  if (sources.length) out.sourceList = sources.join(',');
  if (q.pageNum && Number(q.pageNum) !== 1) out.pageNum = String(q.pageNum);
  if (q.pageSize && Number(q.pageSize) !== 10) out.pageSize = String(q.pageSize);
  return out;
}
