import type { VideoPlay } from '@oj/shared';
import type { FastifyRequest } from 'fastify';
import type { Viewer } from '../../lib/auth';
import { forbidden, notFound } from '../../lib/errors';
import { can } from '../../lib/permissions';
import { nowIso } from '../../lib/time';
import { getVideoPlayAuth } from './aliyun';
import { type CoursesDeps, isMember, livePlan } from './deps';
import type { LocalVideos } from './video';

/**
 * Who may play which video, decided when the URL (or play auth) is issued: a lesson's video like
 * its content (members of a course, everyone for a free plan or the preview lesson, admins);
 * a problem's solution video for signed-in users who may read the problem and its solutions (the
 * forum's solution gate: not while a running contest locks them, nor before an AC the policy asks).
 */
export type Videos = CoursesDeps & { local: LocalVideos };

function localPlay(v: Videos, video: string, poster: string | null): VideoPlay {
  const signed = v.local.signedUrl(video);
  return {
    provider: 'local',
    url: signed.url,
    poster: poster ? v.local.signedUrl(poster).url : null,
    expires_at: signed.expires_at,
  };
}

async function lessonRow(v: Videos, lessonId: number) {
  const lesson = await v.db
    .selectFrom('study_lessons')
    .selectAll()
    .where('id', '=', lessonId)
    .executeTakeFirst();
  if (!lesson) throw notFound(`课时 ${lessonId} 不存在`);
  return lesson;
}

export async function lessonVideo(v: Videos, viewer: Viewer, lessonId: number): Promise<VideoPlay> {
  const lesson = await lessonRow(v, lessonId);
  const plan = await livePlan(v, lesson.plan_id);
  const first = await v.db
    .selectFrom('study_lessons')
    .select('id')
    .where('plan_id', '=', plan.id)
    .orderBy('section_idx')
    .orderBy('idx')
    .executeTakeFirst();
  const member = await isMember(v, plan.id, viewer.uuid);
  const kind = plan.kind === 'plan' ? 'plan' : 'course';
  const open =
    first?.id === lesson.id || can(viewer, { action: 'course.viewContent', subject: { kind, member } });
  // The same answer as a lesson without a video: nothing tells a non-member that one exists.
  if (!open || !lesson.video) throw notFound('该课时没有视频');
  return localPlay(v, lesson.video, lesson.poster);
}

export async function uploadLessonVideo(v: Videos, req: FastifyRequest, lessonId: number) {
  const lesson = await lessonRow(v, lessonId);
  await livePlan(v, lesson.plan_id);
  const stored = await v.local.store(req);
  await v.db.updateTable('study_lessons').set(stored).where('id', '=', lessonId).execute();
  await v.local.remove([lesson.video, lesson.poster]);
  return { lesson_id: lessonId, has_poster: stored.poster !== null };
}

/** SPEC `aliyun/vod`: a play auth (aliyun) or a signed local URL of the problem's solution video. */
export async function problemVideo(v: Videos, viewer: Viewer, problemId: number): Promise<VideoPlay> {
  await v.problems.visibleRow(viewer, problemId);
  const refusal = await v.solutions.refusal(viewer, problemId);
  if (refusal) throw forbidden(refusal);
  const row = await v.db
    .selectFrom('problem_videos')
    .selectAll()
    .where('problem_id', '=', problemId)
    .executeTakeFirst();
  if (v.video.aliyun && row?.aliyun_video_id) {
    const auth = await getVideoPlayAuth(v.video.aliyun, row.aliyun_video_id);
    return { provider: 'aliyun', ...auth };
  }
  if (!row?.video) throw notFound('该题目没有讲解视频');
  return localPlay(v, row.video, row.poster);
}

export async function uploadProblemVideo(v: Videos, req: FastifyRequest, problemId: number) {
  if (!(await v.problems.exists(problemId))) throw notFound(`题目 ${problemId} 不存在`);
  const old = await v.db
    .selectFrom('problem_videos')
    .selectAll()
    .where('problem_id', '=', problemId)
    .executeTakeFirst();
  const stored = await v.local.store(req);
  await upsertProblemVideo(v, problemId, stored);
  if (old) await v.local.remove([old.video, old.poster]);
  return { problem_id: problemId, has_poster: stored.poster !== null };
}

export async function setProblemAliyunId(v: Videos, problemId: number, videoId: string): Promise<void> {
  if (!(await v.problems.exists(problemId))) throw notFound(`题目 ${problemId} 不存在`);
  await upsertProblemVideo(v, problemId, { aliyun_video_id: videoId });
}

async function upsertProblemVideo(
  v: Videos,
  problemId: number,
  set: { video?: string; poster?: string | null; aliyun_video_id?: string },
): Promise<void> {
  const update_time = nowIso();
  await v.db
    .insertInto('problem_videos')
    .values({ problem_id: problemId, video: null, poster: null, aliyun_video_id: null, ...set, update_time })
    .onConflict((oc) => oc.column('problem_id').doUpdateSet({ ...set, update_time }))
    .execute();
}
