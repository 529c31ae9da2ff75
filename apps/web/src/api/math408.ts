import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  Math408AdminQuery,
  Math408AdminRow,
  Math408AnswerRequest,
  Math408ExamQuestion,
  Math408ExamResult,
  Math408ExamSubmit,
  Math408Neighbours,
  Math408SelfMark,
  Math408Stats,
  Math408WrongItem,
  Math408QuestionAdmin,
  Math408QuestionInputRaw,
  Math408QuestionView,
  Math408Record,
  Math408Row,
  Page,
  TagsPlusCategory,
} from '../lib/contract';
import { get, post } from './http';
import { problemKeys } from './problems';
import { useInvalidate } from './query';

/** Calls of SPEC §7 Problems, the math / 408 bank (`/api/problem/math408/…`), and its management. */

const M = '/api/problem/math408';
const A = `${M}/admin`;

// ---------------------------------------------------------------- bank

export interface QuestionSearch {
  keyword?: string;
  pageNum: number;
  pageSize?: number;
  type?: Math408Row['type'];
  difficulty?: number;
  subject?: 'math' | '408';
  /** Every tag must be present (a subject id 1–7 picks a subject). */
  tags_list?: number[];
}

export const searchQuestions = (q: QuestionSearch) => post<Page<Math408Row>>(`${M}/search`, { json: q });
export const getQuestion = (question_id: number) =>
  get<Math408QuestionView>(`${M}/search/questionId`, { query: { question_id } });
export const answerQuestion = (body: Math408AnswerRequest) =>
  post<Math408Record>(`${M}/answer`, { json: body });
export const questionRecords = (question_id: number) =>
  post<Page<Math408Record>>(`${M}/records`, { query: { question_id } });
export const getMath408Tags = () => get<TagsPlusCategory>(`${M}/get/tagsPlusCategory`);

// ---------------------------------------------------------------- practice (issue 29)

/** The bank's filter as the address carries it (`?keyword=&subject=&difficulty=&type=`). */
export type BankFilter = Omit<QuestionSearch, 'pageNum' | 'pageSize' | 'tags_list'>;

export const questionNeighbours = (question_id: number, filter: BankFilter) =>
  get<Math408Neighbours>(`${M}/search/neighbours`, {
    query: { question_id, ...filter },
    // The question page itself says when the question is missing: no second toast.
    silent: true,
  });
export const myWrongQuestions = () => get<Math408WrongItem[]>(`${M}/wrong`);
export const myMath408Stats = () => get<Math408Stats>(`${M}/stats`);
export const selfMarkAnswer = (record_id: number, mark: Math408SelfMark) =>
  post<Math408Record>(`${M}/selfMark`, { json: { record_id, mark } });
export const drawExam = (body: BankFilter & { count: number }) =>
  post<Math408ExamQuestion[]>(`${M}/exam/draw`, { json: body });
export const submitExam = (body: Math408ExamSubmit) =>
  post<Math408ExamResult>(`${M}/exam/submit`, { json: body });

// ---------------------------------------------------------------- management

export const adminSearchQuestions = (q: Partial<Math408AdminQuery>) =>
  post<Page<Math408AdminRow>>(`${A}/search`, { json: q });
export const getQuestionForEdit = (question_id: number) =>
  get<Math408QuestionAdmin>(`${A}/search/questionId`, { query: { question_id } });
export const addQuestion = (body: Math408QuestionInputRaw) =>
  post<{ question_id: number }>(`${A}/add`, { json: body });
export const modifyQuestion = (body: Math408QuestionInputRaw & { question_id: number }) =>
  post<null>(`${A}/modify`, { json: body });
export const deleteQuestion = (question_id: number) => post<null>(`${A}/delete`, { query: { question_id } });

// ---------------------------------------------------------------- query hooks

export const math408Keys = {
  all: ['math408'] as const,
  question: (id: number) => ['math408', 'question', id] as const,
  bank: (q: QuestionSearch) => ['math408', 'bank', q] as const,
  picker: (q: QuestionSearch) => ['math408', 'picker', q] as const,
  tags: ['math408', 'tags'] as const,
  /** Under the management bank's root (problemKeys.admin): saving a problem reads them again too. */
  admin: [...problemKeys.admin, 'math408'] as const,
  adminList: (q: Partial<Math408AdminQuery>) => [...problemKeys.admin, 'math408', q] as const,
  /** A question as the management editor reads it. */
  adminQuestion: (id: number) => [...problemKeys.admin, 'math408', 'question', id] as const,
};

export const useMath408Bank = (q: QuestionSearch) =>
  useQuery({ queryKey: math408Keys.bank(q), queryFn: () => searchQuestions(q) });
/** The question picker of a math / 408 contest. */
export const useQuestionPicker = (q: QuestionSearch) =>
  useQuery({ queryKey: math408Keys.picker(q), queryFn: () => searchQuestions(q) });
export const useQuestionNeighbours = (id: number, filter: BankFilter) =>
  useQuery({
    queryKey: [...math408Keys.all, 'neighbours', id, filter] as const,
    queryFn: () => questionNeighbours(id, filter),
    enabled: id > 0,
  });
/** My 错题本 and statistics: read again on every visit (answers elsewhere change them). */
export const useWrongQuestions = () =>
  useQuery({ queryKey: [...math408Keys.all, 'wrong'] as const, queryFn: myWrongQuestions, staleTime: 0 });
export const useMath408Stats = () =>
  useQuery({ queryKey: [...math408Keys.all, 'stats'] as const, queryFn: myMath408Stats, staleTime: 0 });
export const useQuestion = (id: number) =>
  useQuery({ queryKey: math408Keys.question(id), queryFn: () => getQuestion(id), enabled: id > 0 });
/** After an answer: the question shows it (answered, the right answer). */
export const useRefreshQuestion = () => useInvalidate(math408Keys.question);
export const useMath408TagGroups = () =>
  useQuery({ queryKey: math408Keys.tags, queryFn: getMath408Tags, staleTime: Infinity });

export const useAdminQuestions = (q: Partial<Math408AdminQuery>) =>
  useQuery({
    queryKey: math408Keys.adminList(q),
    queryFn: () => adminSearchQuestions(q),
    placeholderData: keepPreviousData,
  });
/** After a delete: every page of the management list (and each question's edit view). */
export const useRefreshAdminQuestions = () => useInvalidate(math408Keys.admin);

// ---------------------------------------------------------------- the question editor (issue 23)

/** The management editor's question (id 0: a new one, nothing to read). */
export const useQuestionForEdit = (id: number) =>
  useQuery({
    queryKey: math408Keys.adminQuestion(id),
    queryFn: () => getQuestionForEdit(id),
    enabled: id > 0,
  });
