import type { Kysely } from 'kysely';
import type { VideoConfig } from '../../lib/config';
import { notFound } from '../../lib/errors';
import type { Outbox } from '../../lib/outbox';
import type { ObjectStore } from '../files';
import type { SolutionGate } from '../forum';
import type { Math408Service } from '../math408';
import type { ProblemsService } from '../problems';
import type { UsersService } from '../users';
import * as repo from './repo';
import type { CoursesTables, StudyPlanRow } from './tables';

/** What the courses' operations use, handed over by the composition root. */
export interface CoursesDeps {
  /** Its own tables only (db/scoped.ts). */
  db: Kysely<CoursesTables>;
  problems: Pick<ProblemsService, 'liveNames' | 'names' | 'statuses' | 'solvedBy' | 'visibleRow' | 'exists' | 'changed'>;
  math408: Pick<Math408Service, 'liveTitles' | 'titles' | 'statuses' | 'solvedBy'>;
  users: Pick<UsersService, 'briefs'>;
  /** Every course change writes `course <id>` here in its transaction (search indexing). */
  outbox: Pick<Outbox, 'add'>;
  dataDir: string;
  /** Where the uploaded videos and posters are kept (local disk or S3). */
  objects: ObjectStore;
  video: VideoConfig;
  /** Signs the play URLs when OJ_VIDEO_URL_KEY is not set: the install's shared key (modules/keys). */
  videoUrlKey: Buffer;
  /** A problem's solution video is solution material: the forum's gate decides who may play it. */
  solutions: SolutionGate;
}

/** The outbox topic of course changes; the key is the course id. */
export const COURSE_TOPIC = 'course';

/** A plan or course that exists (deleted ones do not). */
export async function livePlan(d: CoursesDeps, id: number): Promise<StudyPlanRow> {
  const row = await repo.livePlanRow(d.db, id);
  if (!row) throw notFound(`课程 ${id} 不存在`);
  return row;
}

/** What every view of a plan or course starts with (the list, the detail, the editor). */
export const planHead = (plan: StudyPlanRow) => ({
  id: plan.id,
  kind: plan.kind === 'plan' ? ('plan' as const) : ('course' as const),
  title: plan.title,
  description: plan.description,
  cover: plan.cover,
  price_fen: plan.price_fen,
});
