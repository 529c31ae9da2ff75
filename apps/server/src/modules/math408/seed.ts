import { type Language, math408TagIndex, type QuestionType } from '@oj/shared';
import { nowIso } from '../../lib/time';
import type { Math408Deps } from './deps';
import * as repo from './repo';

export interface Math408Seed {
  question_id: number;
  type: QuestionType;
  difficulty: number;
  tags_list: number[];
  title: string;
  content: string;
  options?: { key: string; content: string }[];
  answer?: string[];
  reference_answer?: string;
  reference_code?: { language: Language; code: string };
  samples?: { input: string; output: string }[];
  explanation: string;
}

/** Adds the questions not stored yet (first start); a programming one gets its hidden problem. */
export async function seedQuestions(
  d: Pick<Math408Deps, 'db' | 'problems'>,
  items: Math408Seed[],
): Promise<number> {
  const { problems } = d;
  let added = 0;
  for (const s of items) {
    if (await repo.idUsed(d.db, s.question_id)) continue;
    let problemId: number | null = null;
    if (s.type === 'programming' && s.samples?.length) {
      problemId = await problems.add({
        chinese_name: `408 编程题：${s.title}`,
        english_name: '',
        description: s.content,
        difficulty: s.difficulty,
        tags_list: [],
        source_name: 'own',
        time_limit: 1000,
        memory_limit: 256,
        samples: s.samples.slice(0, 1),
        checker: { kind: 'default' },
        visible: false,
      });
      await problems.setTests(
        problemId,
        s.samples.map((t) => ({ input: Buffer.from(t.input), output: Buffer.from(t.output) })),
      );
    }
    await repo.insertQuestion(d.db, {
      id: s.question_id,
      type: s.type,
      difficulty: s.difficulty,
      tags: JSON.stringify(s.tags_list),
      title: s.title,
      content: s.content,
      options: JSON.stringify(s.options ?? []),
      answer: JSON.stringify(s.answer ?? []),
      reference_answer: s.reference_answer ?? null,
      reference_code: s.reference_code ? JSON.stringify(s.reference_code) : null,
      samples: JSON.stringify(s.samples ?? []),
      explanation: s.explanation,
      problem_id: problemId,
      create_time: nowIso(),
      update_time: nowIso(),
    });
    await repo.insertTags(
      d.db,
      s.question_id,
      [...new Set(s.tags_list)].filter((t) => math408TagIndex.byId(t)),
    );
    added++;
  }
  return added;
}
