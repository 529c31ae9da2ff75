import type {
  Math408AdminQuery,
  Math408AdminRow,
  Math408ProgrammingInput,
  Math408QuestionAdmin,
  Math408QuestionInput,
  Math408QuestionModify,
  QuestionType,
} from '@oj/shared';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { parseJson } from '../problems';
import type { Math408Deps } from './deps';
import * as repo from './repo';
import type { Math408QuestionRow } from './tables';

/** Like the algorithm bank, new questions get the next id after the largest ever used (deleted ones included). */
const FIRST_QUESTION_ID = 1;

/**
 * Management of the math / 408 bank. The shared schemas already checked each type's shape; here
 * what needs the database: free ids, the type staying put, and the hidden algorithm problem of a
 * programming question, which is created, edited and removed through the problems service (so
 * its limits and test data follow the same rules as any algorithm problem's).
 *
 * What managing the bank uses: its tables and the problems service (programming questions).
 */
type A = Pick<Math408Deps, 'db' | 'problems'>;

async function stored(d: A, id: number): Promise<Math408QuestionRow> {
  const q = await repo.liveQuestion(d.db, id);
  if (!q) throw notFound(`题目 ${id} 不存在`);
  return q;
}

const problemFields = (title: string, content: string, difficulty: number, p: Math408ProgrammingInput) => ({
  chinese_name: `408 编程题：${title}`.slice(0, 100),
  english_name: '',
  description: content,
  difficulty,
  tags_list: [],
  source_name: 'own' as const,
  time_limit: p.time_limit,
  memory_limit: p.memory_limit,
  samples: p.samples,
  checker: { kind: 'default' as const },
  visible: false,
});

const testPairs = (tests: NonNullable<Math408ProgrammingInput['tests']>) =>
  tests.map((t) => ({ input: Buffer.from(t.input), output: Buffer.from(t.output) }));

function columns(input: Math408QuestionInput | Math408QuestionModify) {
  return {
    type: input.type,
    difficulty: input.difficulty,
    tags: JSON.stringify(input.tags_list),
    title: input.title,
    content: input.content,
    options: JSON.stringify(input.options),
    answer: JSON.stringify([...input.answer].sort()),
    reference_answer: input.type === 'short' ? input.reference_answer : null,
    reference_code: input.programming?.reference_code
      ? JSON.stringify(input.programming.reference_code)
      : null,
    samples: JSON.stringify(input.programming?.samples ?? []),
    explanation: input.explanation,
    visible: input.visible ? 1 : 0,
    update_time: nowIso(),
  };
}

async function writeTags(d: A, questionId: number, ids: number[]): Promise<void> {
  await repo.deleteTags(d.db, questionId);
  await repo.insertTags(d.db, questionId, ids);
}

export async function addQuestion(d: A, input: Math408QuestionInput): Promise<number> {
  const { problems } = d;
  const id = input.question_id ?? Math.max(FIRST_QUESTION_ID, (await repo.maxId(d.db)) + 1);
  if (await repo.idUsed(d.db, id)) throw conflict(`题目编号 ${id} 已被使用`, 'question_id');
  let problemId: number | null = null;
  if (input.programming) {
    problemId = await problems.add(
      problemFields(input.title, input.content, input.difficulty, input.programming),
    );
    try {
      await problems.setTests(problemId, testPairs(input.programming.tests ?? []));
    } catch (err) {
      // Test data the judge refuses (sizes): no half-made problem stays behind.
      await problems.remove(problemId);
      throw err;
    }
  }
  const cols = columns(input);
  await repo.insertQuestion(d.db, { id, ...cols, problem_id: problemId, create_time: cols.update_time });
  await writeTags(d, id, input.tags_list);
  return id;
}

export async function modifyQuestion(d: A, input: Math408QuestionModify): Promise<void> {
  const { problems } = d;
  const q = await stored(d, input.question_id);
  if (q.type !== input.type) throw badRequest('题型不能修改：已有的作答记录按原题型判分', 'type');
  if (input.programming) {
    const fields = problemFields(input.title, input.content, input.difficulty, input.programming);
    if (q.problem_id && (await problems.row(q.problem_id)))
      await problems.modify({ problem_id: q.problem_id, ...fields });
    else {
      if (!input.programming.tests)
        throw badRequest('该题还没有测试数据，请填写测试数据', 'programming.tests');
      q.problem_id = await problems.add(fields);
    }
    if (input.programming.tests) await problems.setTests(q.problem_id, testPairs(input.programming.tests));
  }
  await repo.updateQuestion(d.db, q.id, { ...columns(input), problem_id: q.problem_id });
  await writeTags(d, q.id, input.tags_list);
}

/**
 * Soft delete: answers and contests keep pointing at the question (records stay readable);
 * the bank, answering and new contests no longer see it. Its hidden problem goes with it.
 */
export async function removeQuestion(d: A, id: number): Promise<void> {
  const { problems } = d;
  const q = await stored(d, id);
  await repo.updateQuestion(d.db, id, { is_delete: 1, update_time: nowIso() });
  await repo.deleteTags(d.db, id);
  if (q.problem_id && (await problems.row(q.problem_id))) await problems.remove(q.problem_id);
}

export async function searchQuestions(d: A, query: Math408AdminQuery) {
  const page = await repo.adminPage(d.db, query);
  const records: Math408AdminRow[] = page.records.map((q) => ({
    question_id: q.id,
    type: q.type as QuestionType,
    difficulty: q.difficulty,
    tags_list: parseJson<number[]>(q.tags, []),
    title: q.title,
    visible: q.visible === 1,
    problem_id: q.problem_id,
    answer_count: Number(q.answer_count ?? 0),
    update_time: q.update_time ?? q.create_time,
  }));
  return { ...page, records };
}

export async function questionForEdit(d: A, id: number): Promise<Math408QuestionAdmin> {
  const { problems } = d;
  const q = await stored(d, id);
  const problem = q.problem_id ? await problems.row(q.problem_id) : undefined;
  return {
    question_id: q.id,
    type: q.type as QuestionType,
    title: q.title,
    content: q.content,
    difficulty: q.difficulty,
    tags_list: parseJson<number[]>(q.tags, []),
    options: parseJson(q.options, []),
    answer: parseJson<string[]>(q.answer, []),
    reference_answer: q.reference_answer,
    explanation: q.explanation,
    visible: q.visible === 1,
    programming: problem
      ? {
          problem_id: problem.id,
          time_limit: problem.time_limit,
          memory_limit: problem.memory_limit,
          samples: parseJson(q.samples, []),
          tests: await problems.getTests(problem.id),
          reference_code: q.reference_code ? parseJson(q.reference_code, null) : null,
        }
      : null,
    update_time: q.update_time ?? q.create_time,
  };
}
