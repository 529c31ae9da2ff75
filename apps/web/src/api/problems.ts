import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  AlgorithmQueryInput,
  BankPage,
  CustomTestResult,
  DailyProblem,
  DifficultySum,
  Language,
  LanguageOptions,
  MyRecordChange,
  MyRecordsReady,
  Problem,
  ProblemAdded,
  ProblemInputRaw,
  ProblemModifyInput,
  ProblemNeighbours,
  ProgressEvent,
  RecordsQuery,
  RecordSum,
  ReplayWire,
  RecordPage,
  RejudgeResult,
  SubmissionRecord,
  Submitted,
  AnswerFileInput,
  TagsPlusCategory,
  TestCaseSummary,
  TestCaseView,
} from '../lib/contract';
import { RECONNECT_EVENT } from '../lib/contract';
import { buildUrl, get, post } from './http';
import { useInvalidate } from './query';

/** Calls of SPEC §7 Problems (algorithm bank, judging, records), typed by the shared contract; math / 408: math408.ts. */

const P = '/api/problem/algorithm';

// ---------------------------------------------------------------- bank

export const searchProblems = (q: AlgorithmQueryInput) => post<BankPage>(`${P}/search`, { json: q });
export const difficultySum = (difficulty?: number) =>
  post<DifficultySum>(`${P}/search/difficulty/sum`, { query: { difficulty } });
export const getProblem = (problem_id: number) =>
  get<Problem>(`${P}/search/problemId`, { query: { problem_id } });
/** 上一题 / 下一题: silent, the solving page works without them. */
export const getNeighbours = (problem_id: number) =>
  get<ProblemNeighbours>(`${P}/search/neighbours`, { query: { problem_id }, silent: true });
/** The global 评测记录 page: everyone's records, filtered (the record list with its visibility rules). */
export const listRecords = (q: Partial<RecordsQuery>) => get<RecordPage>(`${P}/records`, { query: q });
export const recordSum = (problem_id?: number) =>
  post<RecordSum>(`${P}/records/page/sum`, { query: { problem_id } });
export const getDaily = () => get<DailyProblem | null>(`${P}/get/daily`, { silent: true });
export const getTagsPlusCategory = () => get<TagsPlusCategory>(`${P}/get/tagsPlusCategory`);
export const setProblemLast = (problem_id: number, language?: Language) =>
  post<null>(`${P}/set/problemLast`, { json: { problem_id, language }, silent: true });

// ---------------------------------------------------------------- judging and records

/** `replay`: the editing timeline since the last submission (code replay); `silent`: no error toast. */
export const submitCode = (
  problem_id: number,
  language: Language,
  source_code: string,
  replay?: ReplayWire,
  silent = false,
  options?: LanguageOptions,
) =>
  post<Submitted>(`${P}/judge/submit`, {
    json: { problem_id, language, options, source_code, replay },
    silent,
  });
/** An output-only problem's answer files, one per test (`judge/submit-answers`). */
export const submitAnswers = (problem_id: number, answers: AnswerFileInput[]) =>
  post<Submitted>(`${P}/judge/submit-answers`, { json: { problem_id, answers } });
export const customTest = (
  language: Language,
  source_code: string,
  input_list: string[],
  problem_id?: number,
  options?: LanguageOptions,
) =>
  post<CustomTestResult[]>(`${P}/judge/test`, {
    json: { language, options, source_code, input_list, problem_id },
  });
export const getRecord = (submission_id: number) =>
  get<SubmissionRecord>(`${P}/records/recordId`, { query: { submission_id } });
export const myRecords = (problem_id: number | undefined, pageNum: number) =>
  post<RecordPage>(`${P}/records/user/page`, { query: { problem_id, pageNum } });

const PROGRESS_KINDS = ['queued', 'compiling', 'running', 'test', 'done'] as const;

/**
 * The live progress of one submission (SSE). Answers a function that closes the stream. With
 * `follow` the stream stays open after `done` and shows rejudges (`queued` … a new `done`); the
 * server ends it now and then and EventSource reconnects (the first event is the current state).
 */
export function watchSubmission(
  submission_id: number,
  onEvent: (e: ProgressEvent) => void,
  onLost: () => void,
  opts: { follow?: boolean } = {},
) {
  const follow = !!opts.follow;
  const source = new EventSource(
    buildUrl(`${P}/records/stream`, { submission_id, follow: follow ? 1 : undefined }),
    { withCredentials: true },
  );
  let done = false;
  // The node serving the stream shuts down: EventSource reconnects (to another node), which first
  // sends the submission's state again; that end is not a lost connection.
  let moving = false;
  source.addEventListener(RECONNECT_EVENT, () => (moving = true));
  for (const kind of PROGRESS_KINDS) {
    source.addEventListener(kind, (msg) => {
      moving = false;
      const event = JSON.parse((msg as MessageEvent<string>).data) as ProgressEvent;
      if (event.kind === 'done' && !follow) {
        done = true;
        source.close();
      }
      onEvent(event);
    });
  }
  // Without follow the server ends the stream after `done`; any other end is a lost connection.
  // A following stream that ended is reconnecting (CONNECTING); only a refused one (CLOSED) is lost.
  source.onerror = () => {
    if (done || ((follow || moving) && source.readyState === EventSource.CONNECTING)) return;
    source.close();
    onLost();
  };
  return () => source.close();
}

export type MyRecordsEvent =
  | { kind: 'ready'; data: MyRecordsReady }
  | { kind: 'changed'; data: MyRecordChange }
  | { kind: 'progress'; data: ProgressEvent };

/**
 * The caller's submissions of one problem (SSE `records/user/stream`): `changed` when one is queued
 * (submitted, rejudged) or judged, and the progress of those being judged. Reconnects by itself.
 */
export function watchMyRecords(problem_id: number, onEvent: (e: MyRecordsEvent) => void) {
  const source = new EventSource(buildUrl(`${P}/records/user/stream`, { problem_id }), {
    withCredentials: true,
  });
  const parse = (msg: Event) => JSON.parse((msg as MessageEvent<string>).data) as unknown;
  source.addEventListener('ready', (m) => onEvent({ kind: 'ready', data: parse(m) as MyRecordsReady }));
  source.addEventListener('changed', (m) => onEvent({ kind: 'changed', data: parse(m) as MyRecordChange }));
  for (const kind of PROGRESS_KINDS)
    source.addEventListener(kind, (m) => onEvent({ kind: 'progress', data: parse(m) as ProgressEvent }));
  return () => source.close();
}

// ---------------------------------------------------------------- management

export const addProblem = (body: ProblemInputRaw) => post<ProblemAdded>(`${P}/admin/add`, { json: body });
export const modifyProblem = (body: ProblemModifyInput) => post<null>(`${P}/admin/modify`, { json: body });
export const deleteProblem = (problem_id: number) =>
  post<null>(`${P}/admin/delete`, { query: { problem_id } });
export const getTestCases = (problem_id: number) =>
  post<TestCaseView[]>(`${P}/admin/testCase/get`, { query: { problem_id } });
export const setTestCases = (problem_id: number, list: { input: string; output: string }[]) =>
  post<TestCaseSummary>(`${P}/admin/testCase/add`, { query: { problem_id }, json: list });
export function uploadTestZip(problem_id: number, file: File) {
  const form = new FormData();
  form.append('file', file);
  return post<TestCaseSummary>(`${P}/admin/testCaseFile/add`, { query: { problem_id }, form });
}
/** The zip download is a POST (SPEC's method), so it is fetched and handed to the browser as a blob. */
export async function downloadTestZip(problem_id: number) {
  const res = await fetch(buildUrl(`${P}/admin/testCaseFile/get`, { problem_id }), {
    method: 'POST',
    credentials: 'include',
  });
  if (!res.ok || !res.headers.get('content-type')?.includes('zip')) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? `下载失败（HTTP ${res.status}）`);
  }
  return res.blob();
}
export const setDaily = (problem_id: number, date?: string) =>
  post<null>(`${P}/set/daily`, { query: { problem_id, date } });
export const rejudge = (q: { problem_id?: number; submission_id?: number }) =>
  post<RejudgeResult>(`${P}/admin/rejudge`, { query: q });

// ---------------------------------------------------------------- query hooks

export const problemKeys = {
  bank: (q: AlgorithmQueryInput) => ['problems', 'bank', q] as const,
  problem: (id: number) => ['problems', 'one', id] as const,
  myRecords: (id: number, page: number) => ['problems', 'myRecords', id, page] as const,
  /** Every page of the caller's records of one problem. */
  myRecordsOf: (id: number) => ['problems', 'myRecords', id] as const,
  /** Everything of the user site's bank (a submission reads it all again). */
  all: ['problems'] as const,
  tags: ['problems', 'tags'] as const,
  daily: ['problems', 'daily'] as const,
  difficultySums: ['problems', 'difficultySums'] as const,
  neighbours: (id: number) => ['problems', 'neighbours', id] as const,
  records: (q: Partial<RecordsQuery>) => ['problems', 'records', q] as const,
  record: (id: number) => ['problems', 'record', id] as const,
  /**
   * The management site's bank views (problems, tests, math / 408, imports): under one root, so that
   * saving a problem reads every one of them again.
   */
  admin: ['admin'] as const,
  adminLists: ['admin', 'problems'] as const,
  adminList: (q: AlgorithmQueryInput) => ['admin', 'problems', q] as const,
  tests: (id: number) => ['admin', 'tests', id] as const,
  /** A problem as the management editor reads it. */
  adminProblem: (id: number) => ['admin', 'problem', id] as const,
};

export const useBank = (q: AlgorithmQueryInput) =>
  useQuery({
    queryKey: problemKeys.bank(q),
    queryFn: () => searchProblems(q),
    placeholderData: keepPreviousData,
  });
export const useTagGroups = () =>
  useQuery({ queryKey: problemKeys.tags, queryFn: getTagsPlusCategory, staleTime: Infinity });
export const useDaily = () => useQuery({ queryKey: problemKeys.daily, queryFn: getDaily });
export const useDifficultySums = () =>
  useQuery({
    queryKey: problemKeys.difficultySums,
    queryFn: () => Promise.all([undefined, 0, 1, 2].map((d) => difficultySum(d))),
  });
export const useProblem = (id: number) =>
  useQuery({ queryKey: problemKeys.problem(id), queryFn: () => getProblem(id), enabled: id > 0 });
export const useMyRecords = (id: number, page: number, enabled: boolean) =>
  useQuery({ queryKey: problemKeys.myRecords(id, page), queryFn: () => myRecords(id, page), enabled });
export const useNeighbours = (id: number) =>
  useQuery({ queryKey: problemKeys.neighbours(id), queryFn: () => getNeighbours(id), enabled: id > 0 });
export const useRecords = (q: Partial<RecordsQuery>) =>
  useQuery({
    queryKey: problemKeys.records(q),
    queryFn: () => listRecords(q),
    placeholderData: keepPreviousData,
  });
export const useRecord = (id: number) =>
  useQuery({ queryKey: problemKeys.record(id), queryFn: () => getRecord(id), enabled: id > 0 });

export const useAdminProblems = (q: AlgorithmQueryInput) =>
  useQuery({ queryKey: problemKeys.adminList(q), queryFn: () => searchProblems(q) });
/** After a delete or an import: every page of the management list. */
export const useRefreshAdminProblems = () => useInvalidate(problemKeys.adminLists);
export const useTestCases = (problemId: number) =>
  useQuery({ queryKey: problemKeys.tests(problemId), queryFn: () => getTestCases(problemId) });
export const useRefreshTestCases = () => useInvalidate(problemKeys.tests);

// ---------------------------------------------------------------- the solving kit and the editor (issue 23)

/** A verdict of the bank's solving page: pass rates, statuses, my records are read again. */
export const useRefreshProblems = () => useInvalidate(problemKeys.all);
/** My records of a problem changed (a submit, a rejudge, a verdict): every page of them is read again. */
export const useRefreshMyRecords = () => useInvalidate(problemKeys.myRecordsOf);
/** The management editor's problem (id 0: a new one, nothing to read). */
export const useProblemForEdit = (id: number) =>
  useQuery({ queryKey: problemKeys.adminProblem(id), queryFn: () => getProblem(id), enabled: id > 0 });
/** A problem saved: every management view of the bank (lists, tests, math / 408) is read again. */
export const useRefreshAdminBank = () => useInvalidate(problemKeys.admin);
