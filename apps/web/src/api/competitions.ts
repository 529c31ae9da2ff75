import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  ClassContestList,
  CompetitionAddRequestRaw,
  CompetitionAdded,
  CompetitionDetail,
  CompetitionEdit,
  CompetitionInfoPage,
  ContestProblem,
  ContestProblemItem,
  ContestRecordFilter,
  JoinRecord,
  Language,
  LanguageOptions,
  Math408Record,
  Page,
  RankEvent,
  RankPage,
  RatingRecomputed,
  RecordPage,
  ReplayWire,
  Submitted,
  AnswerFileInput,
  TopUser,
  TopUserPage,
} from '../lib/contract';
import { buildUrl, get, post } from './http';
import { searchProblems } from './problems';
import { useInvalidate } from './query';

/** Calls of SPEC §7 Competitions, typed by the shared contract (packages/shared/src/api/competitions.ts). */

const C = '/api/competition';

// ---------------------------------------------------------------- contests

/** A class's contests (the class page's 比赛 tab; the class's members only). */
export const classContests = (class_id: number) =>
  post<ClassContestList>(`${C}/class/list`, { query: { class_id } });
export const listCompetitions = (PageNum: number) =>
  post<CompetitionInfoPage>(`${C}/search/page`, { query: { PageNum } });
export const getCompetition = (competition_id: number) =>
  post<CompetitionDetail>(`${C}/search/competitionId`, { query: { competition_id } });
export const joinCompetition = (competition_id: number, password?: string) =>
  post<null>(`${C}/join`, { query: { competition_id, password } });
export const cancelJoin = (competition_id: number) =>
  post<null>(`${C}/join/cancel`, { query: { competition_id } });
export const contestProblems = (competition_id: number) =>
  post<ContestProblemItem[]>(`${C}/search/problems`, { query: { competition_id } });
export const contestProblem = (competition_id: number, index: number) =>
  post<ContestProblem>(`${C}/search/problem`, { query: { competition_id, index } });
/** `mode`: all of the caller's submissions, or those in the contest, a virtual run or practice. */
export const contestRecords = (competition_id: number, PageNum: number, mode?: ContestRecordFilter) =>
  post<RecordPage>(`${C}/search/records/pageNum`, { query: { competition_id, PageNum, mode } });
/** Math / 408 contests: the caller's answers given in the contest (the bank's records call, 10 a page). */
export const contestAnswers = (competition_id: number, pageNum: number) =>
  post<Page<Math408Record>>('/api/problem/math408/records', { query: { competition_id, pageNum } });
export const contestRank = (competition_id: number, PageNum: number, status?: 0 | 1) =>
  post<RankPage>(`${C}/search/rank/pageNum`, { query: { competition_id, PageNum, status } });
export const topUsers = () => post<TopUser[]>(`${C}/search/top`);
/** The rating ranking: every user with a rated contest, best first (unrated users are not listed). */
export const ratingPage = (pageNum: number, pageSize: number) =>
  post<TopUserPage>(`${C}/search/rating/page`, { query: { pageNum, pageSize } });
export const addUserCompetition = (body: CompetitionAddRequestRaw) =>
  post<CompetitionAdded>(`${C}/user/add`, { json: body });
/** pageNum 0 = every record (the chart), 1-based pages of 5 (the card). Failures stay silent (SPEC §8). */
export const myJoins = (pageNum: number) =>
  post<JoinRecord[]>(`${C}/user/joins/get`, { json: { pageNum }, silent: true });

/** A contest's output-only problem: its answer files, counted for the ranking like a submission. */
export const submitContestAnswers = (
  c: { competition_id: number; index: number; problem_id: number },
  answers: AnswerFileInput[],
) => post<Submitted>('/api/problem/algorithm/judge/submit-answers', { json: { ...c, answers } });

/** A contest submission: the judge call of the problem bank with `competition_id` and `index`. */
export const submitContestCode = (
  c: { competition_id: number; index: number; problem_id: number },
  language: Language,
  source_code: string,
  replay?: ReplayWire,
  silent = false,
  options?: LanguageOptions,
) =>
  post<Submitted>('/api/problem/algorithm/judge/submit', {
    json: { ...c, language, options, source_code, replay },
    silent,
  });

/**
 * The live scoreboard (SSE): every update of the board sends its new version; the page refetches.
 * Reconnects are EventSource's own. Answers a function that closes the stream.
 */
export function watchRank(competition_id: number, onVersion: (version: number) => void) {
  const source = new EventSource(buildUrl(`${C}/search/rank/stream`, { competition_id }), {
    withCredentials: true,
  });
  const handle = (msg: MessageEvent<string>) => {
    try {
      onVersion((JSON.parse(msg.data) as RankEvent).version);
    } catch {
      // a comment or keep-alive line
    }
  };
  source.onmessage = handle;
  source.addEventListener('rank', handle as EventListener);
  return () => source.close();
}

// ---------------------------------------------------------------- management

export const getCompetitionForEdit = (competition_id: number) =>
  get<CompetitionEdit>(`${C}/get`, { query: { competition_id } });
export const adminAddCompetition = (body: CompetitionAddRequestRaw, rated: boolean) =>
  post<CompetitionAdded>(`${C}/admin/algorithm/add`, { json: body, query: { status: rated ? '1' : '0' } });
export const adminModifyCompetition = (competition_id: number, body: CompetitionAddRequestRaw) =>
  post<null>(`${C}/admin/modify`, { json: body, query: { competition_id } });
export const adminDeleteCompetition = (competition_id: number) =>
  post<null>(`${C}/admin/delete`, { query: { competition_id } });
export const adminFreeze = (competition_id: number, minutes?: number) =>
  post<null>(`${C}/admin/freeze`, { query: { competition_id, minutes } });
export const adminUnfreeze = (competition_id: number) =>
  post<null>(`${C}/admin/unfreeze`, { query: { competition_id } });
export const adminSetRated = (competition_id: number, rated: boolean) =>
  post<null>(`${C}/admin/rated`, { query: { competition_id, rated: rated ? 1 : 0 } });
export const adminRecomputeRating = (competition_id: number) =>
  post<RatingRecomputed>(`${C}/admin/rating/recompute`, { query: { competition_id } });

/** The ranking workbook (.xlsx), fetched as a blob for the browser to save. */
export async function downloadRankExcel(competition_id: number) {
  const res = await fetch(buildUrl(`${C}/get/rank/excel`, { competition_id }), { credentials: 'include' });
  if (!res.ok || !res.headers.get('content-type')?.includes('spreadsheet')) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? `导出失败（HTTP ${res.status}）`);
  }
  return res.blob();
}

// ---------------------------------------------------------------- query hooks

export const competitionKeys = {
  all: ['competition'] as const,
  list: (page: number) => ['competition', 'list', page] as const,
  detail: (id: number) => ['competition', 'detail', id] as const,
  problems: (id: number) => ['competition', 'problems', id] as const,
  problem: (id: number, index: number) => ['competition', 'problem', id, index] as const,
  records: (id: number, page: number, mode: ContestRecordFilter = 'all') =>
    ['competition', 'records', id, page, mode] as const,
  answers: (id: number, page: number) => ['competition', 'answers', id, page] as const,
  rank: (id: number, page: number, status: 0 | 1) => ['competition', 'rank', id, page, status] as const,
  top: ['competition', 'top'] as const,
  ratingPage: (page: number, size: number) => ['competition', 'rating', page, size] as const,
  joins: (page: number) => ['competition', 'joins', page] as const,
  /** Every page of a contest's scoreboard, both views (a new board version). */
  rankOf: (id: number) => ['competition', 'rank', id] as const,
  // The management site's (its own page, its own cache: the user site's `all` never meets them).
  adminList: ['competition', 'admin', 'list'] as const,
  adminPage: (page: number) => ['competition', 'admin', 'list', page] as const,
  adminEdit: (id: number | null) => ['competition', 'admin', 'edit', id] as const,
  adminBank: (keyword: string) => ['competition', 'admin', 'bank', keyword] as const,
};

export const useClassContests = (classId: number) =>
  useQuery({
    queryKey: ['competition', 'class', classId] as const,
    queryFn: () => classContests(classId),
    enabled: classId > 0,
  });
export const useCompetitionList = (page: number) =>
  useQuery({
    queryKey: competitionKeys.list(page),
    queryFn: () => listCompetitions(page),
    placeholderData: keepPreviousData,
  });
export const useCompetition = (id: number) =>
  useQuery({
    queryKey: competitionKeys.detail(id),
    queryFn: () => getCompetition(id),
    enabled: id > 0,
    retry: false,
  });
export const useContestProblems = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: competitionKeys.problems(id),
    queryFn: () => contestProblems(id),
    enabled: id > 0 && enabled,
  });
export const useContestProblem = (id: number, index: number) =>
  useQuery({
    queryKey: competitionKeys.problem(id, index),
    queryFn: () => contestProblem(id, index),
    enabled: id > 0 && index >= 0,
    retry: false,
  });
export const useContestRecords = (
  id: number,
  page: number,
  enabled = true,
  mode: ContestRecordFilter = 'all',
) =>
  useQuery({
    queryKey: competitionKeys.records(id, page, mode),
    queryFn: () => contestRecords(id, page, mode === 'all' ? undefined : mode),
    placeholderData: keepPreviousData,
    enabled,
  });
/** Refetched while a programming answer is being judged (the call picks up its verdict). */
export const useContestAnswers = (id: number, page: number, enabled: boolean) =>
  useQuery({
    queryKey: competitionKeys.answers(id, page),
    queryFn: () => contestAnswers(id, page),
    placeholderData: keepPreviousData,
    enabled: id > 0 && enabled,
    refetchInterval: (q) => (q.state.data?.records.some((r) => r.status === 'PD') ? 2000 : false),
  });
export const useContestRank = (id: number, page: number, status: 0 | 1 = 0) =>
  useQuery({
    queryKey: competitionKeys.rank(id, page, status),
    queryFn: () => contestRank(id, page, status || undefined),
    placeholderData: keepPreviousData,
  });
export const useTopUsers = () => useQuery({ queryKey: competitionKeys.top, queryFn: topUsers });
export const useRatingPage = (page: number, size: number) =>
  useQuery({
    queryKey: competitionKeys.ratingPage(page, size),
    queryFn: () => ratingPage(page, size),
    placeholderData: keepPreviousData,
  });
export const useMyJoins = (page: number) =>
  useQuery({
    queryKey: competitionKeys.joins(page),
    queryFn: () => myJoins(page),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** Joined, left, submitted, started or ended: every contest view is read again. */
export const useRefreshCompetitions = () => useInvalidate(competitionKeys.all);
export const useRefreshCompetition = () => useInvalidate(competitionKeys.detail);
export const useRefreshContestProblems = () => useInvalidate(competitionKeys.problems);
export const useRefreshContestRank = () => useInvalidate(competitionKeys.rankOf);

export const useAdminCompetitions = (page: number) =>
  useQuery({
    queryKey: competitionKeys.adminPage(page),
    queryFn: () => listCompetitions(page),
    placeholderData: keepPreviousData,
  });
export const useRefreshAdminCompetitions = () => useInvalidate(competitionKeys.adminList);
/** The contest editor's: the contest as stored (id null: a new one, nothing to read). */
export const useCompetitionForEdit = (id: number | null, open: boolean) =>
  useQuery({
    queryKey: competitionKeys.adminEdit(id),
    queryFn: () => getCompetitionForEdit(id!),
    enabled: open && id !== null,
  });
/** The contest editor's problem search (20 at a time). */
export const useContestEditorBank = (keyword: string, open: boolean) =>
  useQuery({
    queryKey: competitionKeys.adminBank(keyword),
    queryFn: () => searchProblems({ keyword: keyword || undefined, pageSize: 20 }),
    enabled: open,
  });
