import type { Insertable, Kysely, Updateable } from 'kysely';
import { idsAfter } from '../../db/ids-after';
import { parseJson } from '../problems';
import type {
  CoursesTables,
  StudyLessonRow,
  StudyLessonsTable,
  StudyPlanRow,
  StudyPlansTable,
  StudyProblemsTable,
  StudySectionsTable,
} from './tables';

/**
 * Plans and courses with their outline (sections, lessons, problems): only this module touches
 * these tables, through these functions (members: members-repo.ts; videos: videos-repo.ts). Every
 * function takes the module's handle first, so a transaction (`inTransaction`) works the same.
 */
export type Db = Kysely<CoursesTables>;

/** Runs `fn` in one transaction; the repo functions it calls take `trx` as their handle. */
export function inTransaction<T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> {
  return db.transaction().execute(fn);
}

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

/** A plan or course that is not deleted. */
export const livePlanRow = (db: Db, id: number): Promise<StudyPlanRow | undefined> =>
  db.selectFrom('study_plans').selectAll().where('id', '=', id).where('is_delete', '=', 0).executeTakeFirst();

/** Whether the plan row exists at all (deleted ones too). */
export async function planExists(db: Db, id: number): Promise<boolean> {
  return !!(await db.selectFrom('study_plans').select('id').where('id', '=', id).executeTakeFirst());
}

/** Title and price of a plan or course that is not deleted. */
export const livePrice = (db: Db, id: number): Promise<{ title: string; price_fen: number } | undefined> =>
  db
    .selectFrom('study_plans')
    .select(['title', 'price_fen'])
    .where('id', '=', id)
    .where('is_delete', '=', 0)
    .executeTakeFirst();

/** Every plan and course not deleted, newest first, at most `limit`. */
export const livePlans = (db: Db, limit: number): Promise<StudyPlanRow[]> =>
  db
    .selectFrom('study_plans')
    .selectAll()
    .where('is_delete', '=', 0)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

/** One page of the courses (not plans) not deleted, newest first, and how many there are. */
export async function coursePage(
  db: Db,
  q: { pageNum: number; pageSize: number },
): Promise<{ total: number; rows: StudyPlanRow[] }> {
  const base = db.selectFrom('study_plans').where('is_delete', '=', 0).where('kind', '=', 'course');
  const total = Number(
    (await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
  );
  const rows = await base
    .selectAll()
    .orderBy('id', 'desc')
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize)
    .execute();
  return { total, rows };
}

export async function insertPlan(db: Db, row: Insertable<StudyPlansTable>): Promise<number> {
  return (await db.insertInto('study_plans').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updatePlan(db: Db, id: number, set: Updateable<StudyPlansTable>): Promise<void> {
  await db.updateTable('study_plans').set(set).where('id', '=', id).execute();
}

/** What the search index keeps of the plans among `ids` that are not deleted. */
export const plansForIndex = (db: Db, ids: number[]) =>
  db
    .selectFrom('study_plans')
    .select(['id', 'title', 'description', 'price_fen', 'searchable'])
    .where('id', 'in', ids)
    .where('is_delete', '=', 0)
    .execute();

/** Plan ids (deleted ones too) after `after`, in order: the search rebuild's batches. */
export const planIdsAfter = (db: Db, after: number, limit: number): Promise<number[]> =>
  idsAfter(db, 'study_plans', after, limit);

/** The outline of some plans: sections, lessons and problems in their order (three statements). */
export interface Outline {
  sections: SectionRow[];
  lessons: StudyLessonRow[];
  problems: ProblemRef[];
}

export async function outlineOf(db: Db, planIds: number[]): Promise<Outline> {
  if (!planIds.length) return { sections: [], lessons: [], problems: [] };
  const [sections, lessons, problems] = await Promise.all([
    db
      .selectFrom('study_sections')
      .selectAll()
      .where('plan_id', 'in', planIds)
      .orderBy('plan_id')
      .orderBy('idx')
      .execute(),
    db
      .selectFrom('study_lessons')
      .selectAll()
      .where('plan_id', 'in', planIds)
      .orderBy('plan_id')
      .orderBy('section_idx')
      .orderBy('idx')
      .execute(),
    db
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

/** Removes a plan's sections and problems (its lessons stay: they are matched by id). */
export async function clearSectionsAndProblems(db: Db, planId: number): Promise<void> {
  await db.deleteFrom('study_sections').where('plan_id', '=', planId).execute();
  await db.deleteFrom('study_problems').where('plan_id', '=', planId).execute();
}

/** A plan's lessons with their stored video files. */
export const lessonFilesOf = (db: Db, planId: number) =>
  db.selectFrom('study_lessons').select(['id', 'video', 'poster']).where('plan_id', '=', planId).execute();

export async function insertSection(db: Db, row: StudySectionsTable): Promise<void> {
  await db.insertInto('study_sections').values(row).execute();
}

export async function sectionExists(db: Db, planId: number, idx: number): Promise<boolean> {
  const row = await db
    .selectFrom('study_sections')
    .select('idx')
    .where('plan_id', '=', planId)
    .where('idx', '=', idx)
    .executeTakeFirst();
  return !!row;
}

export async function insertProblems(db: Db, rows: StudyProblemsTable[]): Promise<void> {
  if (rows.length) await db.insertInto('study_problems').values(rows).execute();
}

/** The problems of one kind in one section, in their order. */
export const sectionProblemsOfKind = (db: Db, planId: number, sectionIdx: number, kind: string) =>
  db
    .selectFrom('study_problems')
    .select(['kind', 'problem_id'])
    .where('plan_id', '=', planId)
    .where('section_idx', '=', sectionIdx)
    .where('kind', '=', kind)
    .orderBy('idx')
    .execute();

export async function deleteSectionProblems(db: Db, planId: number, sectionIdx: number): Promise<void> {
  await db
    .deleteFrom('study_problems')
    .where('plan_id', '=', planId)
    .where('section_idx', '=', sectionIdx)
    .execute();
}

export async function insertLesson(db: Db, row: Insertable<StudyLessonsTable>): Promise<void> {
  await db.insertInto('study_lessons').values(row).execute();
}

export async function updateLesson(db: Db, id: number, set: Updateable<StudyLessonsTable>): Promise<void> {
  await db.updateTable('study_lessons').set(set).where('id', '=', id).execute();
}

export async function deleteLessons(db: Db, ids: number[]): Promise<void> {
  if (ids.length) await db.deleteFrom('study_lessons').where('id', 'in', ids).execute();
}
