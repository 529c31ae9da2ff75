import { type Insertable, sql } from 'kysely';
import type { Math408RecordsQuery, PageQuery } from '@oj/shared';
import { paginateQuery } from '../../lib/pagination';
import type { Db } from './repo';
import type { Math408RecordRow, Math408RecordsTable } from './tables';

/** The answers (math408_records): only this module touches them, through these functions. */

export const insertAnswer = (db: Db, row: Insertable<Math408RecordsTable>): Promise<Math408RecordRow> =>
  db.insertInto('math408_records').values(row).returningAll().executeTakeFirstOrThrow();

/** A programming answer's status follows its submission's verdict. */
export async function setVerdict(db: Db, id: number, status: string, correct: number | null): Promise<void> {
  await db.updateTable('math408_records').set({ status, correct }).where('id', '=', id).execute();
}

/** The answers a submission judges (a programming answer, or none). */
export const ofSubmission = (db: Db, submissionId: number): Promise<Math408RecordRow[]> =>
  db.selectFrom('math408_records').selectAll().where('submission_id', '=', submissionId).execute();

/** A user's answers to some questions. */
export const userAnswers = (db: Db, userId: number, questionIds: number[]): Promise<Math408RecordRow[]> =>
  db
    .selectFrom('math408_records')
    .selectAll()
    .where('user_id', '=', userId)
    .where('question_id', 'in', questionIds)
    .execute();

/** Which of some users solved which of some questions: a correct answer, or a short answer not self-marked wrong. */
export const solvedBy = (db: Db, userIds: number[], questionIds: number[]) =>
  db
    .selectFrom('math408_records')
    .select(['user_id', 'question_id'])
    .distinct()
    .where('user_id', 'in', userIds)
    .where('question_id', 'in', questionIds)
    .where((eb) =>
      eb.or([
        eb('correct', '=', 1),
        // A short answer solves, unless its author marked it wrong.
        eb.and([
          eb('status', '=', 'submitted'),
          eb.or([eb('self_mark', 'is', null), eb('self_mark', '!=', 'wrong')]),
        ]),
      ]),
    )
    .execute();

/** One user's answers to one question in a homework's window (classes' 作业). */
export interface HomeworkAnswerStat {
  user_id: number;
  question_id: number;
  attempts: number;
  /** The first right answer's time; null when none. */
  first_right: string | null;
  /** 1 when answered right up to the deadline, 0 when only wrong; null when no answer then. */
  right_on_time: number | null;
  /** The same for the answers after the deadline (the late period). */
  right_late: number | null;
}

/**
 * Every user × question pair's answers between `from` and `to` in ONE grouped statement, whatever
 * the number of users and questions: right is a judged right answer (choice, fill, programming) or
 * a short answer its author self-marked right. Contest answers and pending ones are left out.
 */
export async function homeworkAnswers(
  db: Db,
  userIds: number[],
  questionIds: number[],
  window: { from: string; deadline: string; to: string },
): Promise<HomeworkAnswerStat[]> {
  if (!userIds.length || !questionIds.length) return [];
  const right = sql<number>`case when correct = 1 or (status = 'submitted' and self_mark = 'right') then 1 else 0 end`;
  const rows = await db
    .selectFrom('math408_records')
    .select([
      'user_id',
      'question_id',
      sql<string | number>`count(*)`.as('attempts'),
      sql<string | null>`min(case when ${right} = 1 then create_time end)`.as('first_right'),
      sql<number | null>`max(case when create_time <= ${window.deadline} then ${right} end)`.as(
        'right_on_time',
      ),
      sql<number | null>`max(case when create_time > ${window.deadline} then ${right} end)`.as('right_late'),
    ])
    .where('user_id', 'in', userIds)
    .where('question_id', 'in', questionIds)
    .where('competition_id', 'is', null)
    .where('status', '!=', 'PD')
    .where('create_time', '>=', window.from)
    .where('create_time', '<=', window.to)
    .groupBy(['user_id', 'question_id'])
    .execute();
  return rows.map((r) => ({
    user_id: Number(r.user_id),
    question_id: Number(r.question_id),
    attempts: Number(r.attempts),
    first_right: r.first_right,
    right_on_time: r.right_on_time === null ? null : Number(r.right_on_time),
    right_late: r.right_late === null ? null : Number(r.right_late),
  }));
}

/** A user's answers, newest first (of one question, of one contest, or all). */
export function userPage(
  db: Db,
  userId: number,
  filter: Pick<Math408RecordsQuery, 'question_id' | 'competition_id'>,
  page: PageQuery,
) {
  const base = () => {
    let b = db.selectFrom('math408_records').where('user_id', '=', userId);
    if (filter.question_id !== undefined) b = b.where('question_id', '=', filter.question_id);
    if (filter.competition_id !== undefined) b = b.where('competition_id', '=', filter.competition_id);
    return b;
  };
  return paginateQuery(page, base, (b) => b.selectAll().orderBy('id', 'desc'));
}

/** The answers given in a math / 408 contest while it ran (a scoreboard being loaded). */
export const contestAnswers = (db: Db, contest: { id: number; start_time: string; end_time: string }) =>
  db
    .selectFrom('math408_records')
    .select(['id', 'user_id', 'problem_index', 'status', 'create_time'])
    .where('competition_id', '=', contest.id)
    .where('create_time', '>=', contest.start_time)
    .where('create_time', '<', contest.end_time)
    .execute();

/** The submissions behind programming answers given in a contest within a span (a frozen one). */
export async function programmingSubmissionsIn(
  db: Db,
  span: { contestId: number; from: string; to: string },
): Promise<number[]> {
  const rows = await db
    .selectFrom('math408_records')
    .select('submission_id')
    .where('competition_id', '=', span.contestId)
    .where('submission_id', 'is not', null)
    .where('create_time', '>=', span.from)
    .where('create_time', '<', span.to)
    .execute();
  return rows.flatMap((r) => (r.submission_id === null ? [] : [r.submission_id]));
}

/** Every answer of a user, oldest first (the 错题本 and the statistics take each question's latest). */
export const allOfUser = (db: Db, userId: number): Promise<Math408RecordRow[]> =>
  db.selectFrom('math408_records').selectAll().where('user_id', '=', userId).orderBy('id').execute();

/** One answer of a user (another's reads as missing). */
export const ownAnswer = (db: Db, userId: number, id: number): Promise<Math408RecordRow | undefined> =>
  db
    .selectFrom('math408_records')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();

export async function setSelfMark(db: Db, id: number, mark: string): Promise<void> {
  await db.updateTable('math408_records').set({ self_mark: mark }).where('id', '=', id).execute();
}
