import { describe, expect, it } from 'vitest';
import { Math408AnswerRequest } from './math408';
import { AlgorithmQuery, CheckerInput, ProblemInput } from './problems';
import {
  CustomTestRequest,
  JudgeRequest,
  ProgressEvent,
  RejudgeQuery,
  SOURCE_MAX_BYTES,
} from './submissions';

const first = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0].message;

describe('bank contract', () => {
  it('search accepts snake_case, the camelCase aliases of the search route and CSV query strings', () => {
    expect(AlgorithmQuery.parse({ tags_list: [1, 2], source_list: ['own'] })).toMatchObject({
      tags_list: [1, 2],
      source_list: ['own'],
      pageNum: 1,
      pageSize: 10,
    });
    expect(
      AlgorithmQuery.parse({ tagsList: '101,102', sourceList: 'luogu', difficulty: '2', pageNum: '3' }),
    ).toEqual({
      tags_list: [101, 102],
      source_list: ['luogu'],
      difficulty: 2,
      pageNum: 3,
      pageSize: 10,
    });
    expect(AlgorithmQuery.parse({ difficulty: '' }).difficulty).toBeUndefined();
    expect(first(AlgorithmQuery.safeParse({ source_list: ['atcoder'] }))).toMatch(/来源/);
  });

  it('source code: non-blank and at most 64 KiB of UTF-8 bytes (not characters)', () => {
    const req = (source_code: string) =>
      JudgeRequest.safeParse({ problem_id: 1000, language: 'C', source_code });
    expect(req('int main(){}').success).toBe(true);
    expect(first(req(' \n'))).toBe('代码不能为空');
    expect(req('a'.repeat(SOURCE_MAX_BYTES)).success).toBe(true);
    // 3 bytes each: 22 000 characters are 66 000 bytes
    expect(first(req('中'.repeat(22_000)))).toBe('代码不能超过 64 KiB');
    expect(first(JudgeRequest.safeParse({ problem_id: 1000, language: 'Cobol', source_code: 'x' }))).toMatch(
      /^语言必须是/,
    );
    expect(
      first(CustomTestRequest.safeParse({ language: 'C', source_code: 'x', input_list: Array(11).fill('') })),
    ).toBe('自定义输入最多 10 项');
    expect(Math408AnswerRequest.safeParse({ question_id: 1, choices: ['a'] }).success).toBe(false);
  });

  it('problems default their optional parts; checkers are one of three kinds', () => {
    const p = ProblemInput.parse({
      chinese_name: ' 题 ',
      description: 'x',
      difficulty: 3,
      source_name: 'niuke',
      time_limit: 100,
      memory_limit: 16,
    });
    expect(p).toMatchObject({
      chinese_name: '题',
      english_name: '',
      tags_list: [],
      samples: [],
      visible: true,
    });
    expect(p.checker).toEqual({ kind: 'default' });
    expect(first(CheckerInput.safeParse({ kind: 'lua' }))).toMatch(/评测方式/);
    expect(first(CheckerInput.safeParse({ kind: 'special', source: '' }))).toBe('代码不能为空');
  });

  it('rejudge takes exactly one target; progress events are a closed set', () => {
    expect(RejudgeQuery.safeParse({ submission_id: '5' }).success).toBe(true);
    expect(first(RejudgeQuery.safeParse({}))).toMatch(/必须且只能给出一个/);
    expect(RejudgeQuery.safeParse({ submission_id: 1, problem_id: 2 }).success).toBe(false);
    expect(ProgressEvent.safeParse({ kind: 'running', submission_id: 1, test: 2, total: 10 }).success).toBe(
      true,
    );
    expect(ProgressEvent.safeParse({ kind: 'paused', submission_id: 1 }).success).toBe(false);
  });
});
