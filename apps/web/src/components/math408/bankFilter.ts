import type { BankFilter } from '../../api/math408';
import { QUESTION_TYPES, type QuestionType } from '@oj/shared/data/question-types';

/**
 * The math / 408 bank's filter in the address (`?keyword=&subject=&difficulty=&type=`): the bank
 * keeps it there, and a question opened from the bank carries it, so 上一题 / 下一题 stay within it.
 */
export function filterFromParams(params: URLSearchParams): BankFilter {
  const keyword = params.get('keyword')?.trim() || undefined;
  const subject = params.get('subject');
  const difficulty = Number(params.get('difficulty') ?? NaN);
  const type = params.get('type') as QuestionType | null;
  return {
    keyword,
    subject: subject === 'math' || subject === '408' ? subject : undefined,
    difficulty: Number.isInteger(difficulty) && difficulty >= 0 && difficulty <= 3 ? difficulty : undefined,
    type: type && QUESTION_TYPES.includes(type) ? type : undefined,
  };
}

/** The filter as a query string ('' when empty, else starting with '?'). */
export function filterSearch(filter: BankFilter): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(filter)) if (v !== undefined && v !== '') p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : '';
}

export const SUBJECT_OPTIONS = [
  { value: 'math', label: '数学' },
  { value: '408', label: '408' },
];
export const SUBJECT_NAMES: Record<string, string> = { math: '数学', '408': '408' };
