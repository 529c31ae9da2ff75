import type { Db } from './repo';
import type { ProblemVideoRow, StudyLessonRow } from './tables';

/** The stored videos: a lesson's (on its row) and a problem's solution video (`problem_videos`). */

export const lessonById = (db: Db, id: number): Promise<StudyLessonRow | undefined> =>
  db.selectFrom('study_lessons').selectAll().where('id', '=', id).executeTakeFirst();

/** The first lesson of a plan in outline order (the preview). */
export async function firstLessonId(db: Db, planId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('study_lessons')
    .select('id')
    .where('plan_id', '=', planId)
    .orderBy('section_idx')
    .orderBy('idx')
    .executeTakeFirst();
  return row?.id;
}

export async function setLessonVideo(
  db: Db,
  id: number,
  stored: { video: string; poster: string | null },
): Promise<void> {
  await db.updateTable('study_lessons').set(stored).where('id', '=', id).execute();
}

export const problemVideo = (db: Db, problemId: number): Promise<ProblemVideoRow | undefined> =>
  db.selectFrom('problem_videos').selectAll().where('problem_id', '=', problemId).executeTakeFirst();

/** Creates the problem's video row or changes the given fields of it. */
export async function upsertProblemVideo(
  db: Db,
  problemId: number,
  set: { video?: string; poster?: string | null; aliyun_video_id?: string },
  updateTime: string,
): Promise<void> {
  await db
    .insertInto('problem_videos')
    .values({
      problem_id: problemId,
      video: null,
      poster: null,
      aliyun_video_id: null,
      ...set,
      update_time: updateTime,
    })
    .onConflict((oc) => oc.column('problem_id').doUpdateSet({ ...set, update_time: updateTime }))
    .execute();
}
