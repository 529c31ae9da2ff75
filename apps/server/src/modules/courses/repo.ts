import type { Kysely, Transaction } from 'kysely';
import type { Database, StudyLessonRow } from '../../db/types';
import { parseJson } from '../problems';
import type { CoursesDeps } from './deps';

export type Executor = Kysely<Database> | Transaction<Database>;

export interface SectionRow {
  plan_id: number;
  idx: number;
  title: string;
  description: string;
  requires: number[];
}
export interface ProblemRef {
  plan_id: number;
  section_idx: number;
  idx: number;
  kind: 'algorithm' | 'math408';
  problem_id: number;
}

/** The outline of some plans: sections, lessons and problems in their order (three statements). */
export interface Outline {
  sections: SectionRow[];
  lessons: StudyLessonRow[];
  problems: ProblemRef[];
}

export async function outlineOf(d: CoursesDeps, planIds: number[]): Promise<Outline> {
  if (!planIds.length) return { sections: [], lessons: [], problems: [] };
  const [sections, lessons, problems] = await Promise.all([
    d.db
      .selectFrom('study_sections')
      .selectAll()
      .where('plan_id', 'in', planIds)
      .orderBy('plan_id')
      .orderBy('idx')
      .execute(),
    d.db
      .selectFrom('study_lessons')
      .selectAll()
      .where('plan_id', 'in', planIds)
      .orderBy('plan_id')
      .orderBy('section_idx')
      .orderBy('idx')
      .execute(),
    d.db
      .selectFrom('study_problems')
      .selectAll()
      .where('plan_id', 'in', planIds)
      .orderBy('plan_id')
      .orderBy('section_idx')
      .orderBy('idx')
      .execute(),
  ]);
  return {
    sections: sections.map((s) => ({ ...s, requires: parseJson<number[]>(s.requires, []) })),
    lessons,
    problems: problems.map((p) => ({ ...p, kind: p.kind === 'math408' ? 'math408' : 'algorithm' })),
  };
}

/** The plans among `planIds` the user is a member of. */
export async function memberOf(d: CoursesDeps, userId: number, planIds: number[]): Promise<Set<number>> {
  if (userId < 0 || !planIds.length) return new Set();
  const rows = await d.db
    .selectFrom('study_members')
    .select('plan_id')
    .where('user_id', '=', userId)
    .where('plan_id', 'in', planIds)
    .execute();
  return new Set(rows.map((r) => r.plan_id));
}

export async function memberCounts(d: CoursesDeps, planIds: number[]): Promise<Map<number, number>> {
  if (!planIds.length) return new Map();
  const rows = await d.db
    .selectFrom('study_members')
    .select((eb) => ['plan_id', eb.fn.countAll<number>().as('n')])
    .where('plan_id', 'in', planIds)
    .groupBy('plan_id')
    .execute();
  return new Map(rows.map((r) => [r.plan_id, Number(r.n)]));
}

/** Adds a member; a second call changes nothing (the first way in is kept). */
export async function addMember(db: Executor, planId: number, userId: number, via: string, at: string) {
  await db
    .insertInto('study_members')
    .values({ plan_id: planId, user_id: userId, join_time: at, via })
    .onConflict((oc) => oc.columns(['plan_id', 'user_id']).doNothing())
    .execute();
}
