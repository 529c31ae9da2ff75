import type { Kysely } from 'kysely';
import type { Database, StudyPlanRow } from '../../db/types';
import type { VideoConfig } from '../../lib/config';
import { notFound } from '../../lib/errors';
import type { Outbox } from '../../lib/outbox';
import type { SolutionGate } from '../forum';
import type { Math408Service } from '../math408';
import type { ProblemsService } from '../problems';
import type { UsersService } from '../users';

/** What the courses' operations use, handed over by the composition root. */
export interface CoursesDeps {
  db: Kysely<Database>;
  problems: ProblemsService;
  math408: Math408Service;
  users: UsersService;
  /** Every course change writes `course <id>` here in its transaction (search indexing). */
  outbox: Pick<Outbox, 'add'>;
  dataDir: string;
  video: VideoConfig;
  /** A problem's solution video is solution material: the forum's gate decides who may play it. */
  solutions: SolutionGate;
}

/** The outbox topic of course changes; the key is the course id. */
export const COURSE_TOPIC = 'course';

/** A plan or course that exists (deleted ones do not). */
export async function livePlan(d: CoursesDeps, id: number): Promise<StudyPlanRow> {
  const row = await d.db
    .selectFrom('study_plans')
    .selectAll()
    .where('id', '=', id)
    .where('is_delete', '=', 0)
    .executeTakeFirst();
  if (!row) throw notFound(`课程 ${id} 不存在`);
  return row;
}

export async function isMember(d: CoursesDeps, planId: number, userId: number): Promise<boolean> {
  if (userId < 0) return false;
  const row = await d.db
    .selectFrom('study_members')
    .select('user_id')
    .where('plan_id', '=', planId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return !!row;
}
