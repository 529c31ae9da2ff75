/**
 * Question types of the math / 408 bank (SPEC §3 enumerations, in the spec's order). Stored and
 * sent as these strings; the Chinese names are what the sites show.
 */
export const QUESTION_TYPES = ['short', 'single', 'multiple', 'programming'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export const QUESTION_TYPE_NAMES: Readonly<Record<QuestionType, string>> = {
  short: '简答题',
  single: '单选题',
  multiple: '多选题',
  programming: '编程大题',
};

/** Choice questions are graded automatically; the others show the reference answer after submitting. */
export const isChoiceQuestion = (type: QuestionType): type is 'single' | 'multiple' => type === 'single' || type === 'multiple';
