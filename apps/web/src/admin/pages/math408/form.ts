import type {
  Language,
  Math408QuestionAdmin,
  Math408QuestionInputRaw,
  QuestionType,
  SampleCase,
} from '../../../lib/contract';
import { judgedPart } from '../problems/form';

/**
 * The editor's values. Option keys are not typed by hand: they are the letters of the options'
 * positions (A, B, …), so they are unique by construction and the right answers are chosen by letter.
 */
export interface QuestionFormValues {
  type: QuestionType;
  title: string;
  content: string;
  difficulty: number;
  tags_list: number[];
  options: { content: string }[];
  answer: string[];
  reference_answer: string;
  explanation: string;
  visible: boolean;
  time_limit: number;
  memory_limit: number;
  samples: SampleCase[];
  /** Programming: the test data typed in the form; sent only when `replace_tests` (always for a new question). */
  tests: SampleCase[];
  replace_tests: boolean;
  reference_language?: Language;
  reference_code: string;
}

export const optionKey = (i: number) => String.fromCharCode(65 + i);

export const NEW_QUESTION: QuestionFormValues = {
  type: 'single',
  title: '',
  content: '',
  difficulty: 0,
  tags_list: [],
  options: [{ content: '' }, { content: '' }, { content: '' }, { content: '' }],
  answer: [],
  reference_answer: '',
  explanation: '',
  visible: true,
  time_limit: 1000,
  memory_limit: 256,
  samples: [{ input: '', output: '' }],
  tests: [{ input: '', output: '' }],
  replace_tests: true,
  reference_code: '',
};

const isChoice = (t: QuestionType) => t === 'single' || t === 'multiple';

/** What the server needs; fields that do not belong to the type are left out (the server refuses them). */
export function questionFromForm(v: QuestionFormValues, creating: boolean): Math408QuestionInputRaw {
  const options = isChoice(v.type) ? v.options.map((o, i) => ({ key: optionKey(i), content: o.content })) : [];
  const keys = new Set(options.map((o) => o.key));
  return {
    type: v.type,
    title: v.title,
    content: v.content,
    difficulty: v.difficulty,
    tags_list: v.tags_list,
    options,
    // Letters of removed options would point at nothing.
    answer: isChoice(v.type) ? v.answer.filter((k) => keys.has(k)).sort() : [],
    reference_answer: v.type === 'short' ? v.reference_answer : null,
    explanation: v.explanation,
    visible: v.visible,
    programming:
      v.type === 'programming'
        ? {
            ...judgedPart(v),
            tests: creating || v.replace_tests ? v.tests : undefined,
            reference_code:
              v.reference_language && v.reference_code.trim()
                ? { language: v.reference_language, code: v.reference_code }
                : null,
          }
        : null,
  };
}

/** Whether a stored question's tests were cut for display (then they cannot be sent back as they are). */
export const testsTruncated = (q: Math408QuestionAdmin) =>
  Boolean(q.programming?.tests.some((t) => t.input_truncated || t.output_truncated));

/** A stored question as form values. Tests cut for display (`*_truncated`) cannot be sent back as they are. */
export function formFromQuestion(q: Math408QuestionAdmin): QuestionFormValues & { tests_truncated: boolean } {
  const p = q.programming;
  return {
    type: q.type,
    title: q.title,
    content: q.content,
    difficulty: q.difficulty,
    tags_list: q.tags_list,
    options: q.options.map((o) => ({ content: o.content })),
    // Stored keys are letters in order; mapped by position in case an old question skipped one.
    answer: q.answer.map((k) => optionKey(q.options.findIndex((o) => o.key === k))).filter((k) => k >= 'A'),
    reference_answer: q.reference_answer ?? '',
    explanation: q.explanation,
    visible: q.visible,
    time_limit: p?.time_limit ?? NEW_QUESTION.time_limit,
    memory_limit: p?.memory_limit ?? NEW_QUESTION.memory_limit,
    samples: p?.samples ?? [],
    tests: p?.tests.map((t) => ({ input: t.input, output: t.output })) ?? [],
    replace_tests: false,
    reference_language: p?.reference_code?.language,
    reference_code: p?.reference_code?.code ?? '',
    tests_truncated: testsTruncated(q),
  };
}
