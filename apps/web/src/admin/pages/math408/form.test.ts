import { describe, expect, it } from 'vitest';
import { Math408QuestionInput } from '@oj/shared/api/math408-admin';
import type { Math408QuestionAdmin } from '../../../lib/contract';
import { formFromQuestion, NEW_QUESTION, questionFromForm } from './form';

describe('math/408 question form', () => {
  it('keys options by position and keeps only answers that still exist', () => {
    const body = questionFromForm(
      {
        ...NEW_QUESTION,
        type: 'multiple',
        title: '题',
        content: '内容',
        options: [{ content: '甲' }, { content: '乙' }, { content: '丙' }],
        answer: ['C', 'A', 'D'],
        tests: [],
      },
      true,
    );
    expect(body.options).toEqual([
      { key: 'A', content: '甲' },
      { key: 'B', content: '乙' },
      { key: 'C', content: '丙' },
    ]);
    expect(body.answer).toEqual(['A', 'C']);
    expect(body.programming).toBeNull();
    expect(Math408QuestionInput.safeParse(body).success).toBe(true);
  });

  it('sends test data of a programming question only when replaced', () => {
    const v = {
      ...NEW_QUESTION,
      type: 'programming' as const,
      title: '题',
      content: '内容',
      tests: [{ input: '1\n', output: '1\n' }],
      reference_language: 'C++' as const,
      reference_code: 'int main(){}',
    };
    expect(questionFromForm(v, true).programming?.tests).toHaveLength(1);
    expect(questionFromForm({ ...v, replace_tests: false }, false).programming?.tests).toBeUndefined();
    expect(questionFromForm(v, true).options).toEqual([]);
    expect(Math408QuestionInput.safeParse(questionFromForm(v, true)).success).toBe(true);
  });

  it('reads a stored question back, flagging tests cut for display', () => {
    const stored: Math408QuestionAdmin = {
      question_id: 3,
      type: 'single',
      title: 't',
      content: 'c',
      difficulty: 1,
      tags_list: [1],
      options: [
        { key: 'A', content: 'a' },
        { key: 'B', content: 'b' },
      ],
      answer: ['B'],
      reference_answer: null,
      explanation: '',
      visible: false,
      programming: null,
      update_time: '',
    };
    const f = formFromQuestion(stored);
    expect(f).toMatchObject({ answer: ['B'], visible: false, tests_truncated: false, options: [{ content: 'a' }, { content: 'b' }] });
    expect(questionFromForm(f, false)).toMatchObject({ answer: ['B'], options: stored.options });
  });
});
