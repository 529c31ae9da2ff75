import { useQuery } from '@tanstack/react-query';
import type {
  Math408AdminQuery,
  Math408AdminRow,
  Math408QuestionAdmin,
  Math408QuestionInputRaw,
  Page,
  TagsPlusCategory,
} from '../../../lib/contract';
import { get, post } from '../../../api/http';

/** The management calls of the math / 408 bank (`/api/problem/math408/admin/…`). */
const A = '/api/problem/math408/admin';

export const searchQuestions = (q: Partial<Math408AdminQuery>) =>
  post<Page<Math408AdminRow>>(`${A}/search`, { json: q });
export const getQuestionForEdit = (question_id: number) =>
  get<Math408QuestionAdmin>(`${A}/search/questionId`, { query: { question_id } });
export const addQuestion = (body: Math408QuestionInputRaw) =>
  post<{ question_id: number }>(`${A}/add`, { json: body });
export const modifyQuestion = (body: Math408QuestionInputRaw & { question_id: number }) =>
  post<null>(`${A}/modify`, { json: body });
export const deleteQuestion = (question_id: number) => post<null>(`${A}/delete`, { query: { question_id } });

export const useMath408TagGroups = () =>
  useQuery({
    queryKey: ['math408', 'tags'],
    queryFn: () => get<TagsPlusCategory>('/api/problem/math408/get/tagsPlusCategory'),
    staleTime: Infinity,
  });
