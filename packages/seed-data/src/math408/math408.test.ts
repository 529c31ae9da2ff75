import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { QUESTION_TYPES } from '@oj/shared';
import { hasUnbalancedMath } from '../lib/markdown-checks';
import { prepareProgram, runOk } from '../lib/host-toolchain';
import { loadMath408Question, loadMath408Questions, MATH408_DIR, Math408Question, math408QuestionFiles } from './index';

const work = mkdtempSync(join(tmpdir(), 'oj-math408-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const files = math408QuestionFiles();

describe('math / 408 demo questions', () => {
  it('has a programming question to run', () => expect(programmingFiles.length).toBeGreaterThan(0));

  it('has about a dozen questions of every type over math and the four 408 subjects', async () => {
    const questions = await loadMath408Questions();
    expect(questions.length).toBeGreaterThanOrEqual(12);
    expect(questions.map((q) => q.question_id)).toEqual(questions.map((_, i) => i + 1));
    for (const type of QUESTION_TYPES) expect(questions.some((q) => q.type === type), type).toBe(true);
    // subject tags 1–7: calculus, linear algebra, probability, DS, computer organisation, OS, networks
    for (const subject of [1, 2, 3, 4, 5, 6, 7]) expect(questions.some((q) => q.tags_list.includes(subject)), `subject ${subject}`).toBe(true);
    expect(new Set(questions.map((q) => q.title)).size).toBe(questions.length);
  });

  it('rejects malformed questions with the field named', () => {
    const base = { question_id: 1, type: 'single', difficulty: 0, tags_list: [1], title: 't', content: 'c', explanation: 'e' };
    const opts = [{ key: 'A', content: 'x' }, { key: 'B', content: 'y' }];
    expect(Math408Question.safeParse({ ...base, options: opts, answer: ['A'] }).success).toBe(true);
    const issues = (q: object) => Math408Question.safeParse(q).error?.issues.map((i) => i.path.join('.')) ?? [];
    expect(issues({ ...base, options: opts, answer: ['A', 'B'] })).toContain('answer');
    expect(issues({ ...base, options: opts, answer: ['C'] })).toContain('answer');
    expect(issues({ ...base, options: [opts[1], opts[0]], answer: ['A'] })).toContain('options');
    expect(issues({ ...base, tags_list: [99999], options: opts, answer: ['A'] })).toContain('tags_list.0');
    expect(issues({ ...base, type: 'short' })).toContain('reference_answer');
    expect(issues({ ...base, type: 'programming', reference_answer: 'r' })).toContain('reference_code');
  });
});

describe.each(files)('%s', (file) => {
  it('is valid, with balanced KaTeX in every text', async () => {
    const q = await loadMath408Question(file);
    expect(file.startsWith(String(q.question_id).padStart(2, '0'))).toBe(true);
    const texts = [q.content, q.explanation, q.reference_answer ?? '', ...(q.options ?? []).map((o) => o.content)];
    for (const text of texts) expect(hasUnbalancedMath(text), text).toBe(false);
    expect(q.content).toMatch(/[\u4e00-\u9fff]/);
  });
});

// Chosen at collection time so that no test passes by skipping its body.
const programmingFiles = files.filter((f) => (JSON.parse(readFileSync(join(MATH408_DIR, f), 'utf8')) as { type: string }).type === 'programming');

describe.each(programmingFiles)('programming question %s', (file) => {
  it('has a reference program that passes its samples', async () => {
    const q = await loadMath408Question(file);
    const program = prepareProgram(q.reference_code!.language, q.reference_code!.code, join(work, file));
    for (const s of q.samples!) expect(runOk(program, s.input)).toBe(s.output);
  });
});
