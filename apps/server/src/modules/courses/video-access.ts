import type { VideoPlay } from '@oj/shared';
import type { FastifyRequest } from 'fastify';
import type { Viewer } from '../../lib/auth';
import { forbidden, notFound } from '../../lib/errors';
import { can } from '../../lib/permissions';
import { nowIso } from '../../lib/time';
import { getVideoPlayAuth } from './aliyun';
import { type CoursesDeps, livePlan } from './deps';
import { isMember } from './membership';
import * as videos from './videos-repo';
import type { LocalVideos } from './video';

/**
 * Who may play which video, decided when the URL (or play auth) is issued: a lesson's video like
 * its content (members of a course, everyone for a free plan or the preview lesson, admins);
 * a problem's solution video for signed-in users who may read the problem and its solutions (the
 * forum's solution gate: not while a running contest locks them, nor before an AC the policy asks).
 */
export type Videos = CoursesDeps & { local: LocalVideos };

function localPlay(d: Videos, video: string, poster: string | null): VideoPlay {
  const signed = d.local.signedUrl(video);
  return {
    provider: 'local',
    url: signed.url,
    poster: poster ? d.local.signedUrl(poster).url : null,
    expires_at: signed.expires_at,
  };
}

async function lessonRow(d: Videos, lessonId: number) {
  const lesson = await videos.lessonById(d.db, lessonId);
  if (!lesson) throw notFound(`课时 ${lessonId} 不存在`);
  return lesson;
}

export async function lessonVideo(d: Videos, viewer: Viewer, lessonId: number): Promise<VideoPlay> {
  const lesson = await lessonRow(d, lessonId);
  const plan = await livePlan(d, lesson.plan_id);
  const first = await videos.firstLessonId(d.db, plan.id);
  const member = await isMember(d, plan.id, viewer.uuid);
  const kind = plan.kind === 'plan' ? 'plan' : 'course';
  const open =
    first === lesson.id || can(viewer, { action: 'course.viewContent', subject: { kind, member } });
  // The same answer as a lesson without a video: nothing tells a non-member that one exists.
  if (!open || !lesson.video) throw notFound('该课时没有视频');
  return localPlay(d, lesson.video, lesson.poster);
}

export async function uploadLessonVideo(d: Videos, req: FastifyRequest, lessonId: number) {
  const lesson = await lessonRow(d, lessonId);
  await livePlan(d, lesson.plan_id);
  const stored = await d.local.store(req);
  await videos.setLessonVideo(d.db, lessonId, stored);
  await d.local.remove([lesson.video, lesson.poster]);
  return { lesson_id: lessonId, has_poster: stored.poster !== null };
}

/** Whether `problemVideo` has something to play (the statement shows 讲解视频 only then, issue 29). */
export async function hasProblemVideo(d: Videos, problemId: number): Promise<boolean> {
  const row = await videos.problemVideo(d.db, problemId);
  return Boolean(row?.video || (d.video.aliyun && row?.aliyun_video_id));
}

/** SPEC `aliyun/vod`: a play auth (aliyun) or a signed local URL of the problem's solution video. */
export async function problemVideo(d: Videos, viewer: Viewer, problemId: number): Promise<VideoPlay> {
  await d.problems.visibleRow(viewer, problemId);
  const refusal = await d.solutions.refusal(viewer, problemId);
  if (refusal) throw forbidden(refusal);
  const row = await videos.problemVideo(d.db, problemId);
  if (d.video.aliyun && row?.aliyun_video_id) {
    const auth = await getVideoPlayAuth(d.video.aliyun, row.aliyun_video_id);
    return { provider: 'aliyun', ...auth };
  }
  if (!row?.video) throw notFound('该题目没有讲解视频');
  return localPlay(d, row.video, row.poster);
}

export async function uploadProblemVideo(d: Videos, req: FastifyRequest, problemId: number) {
  if (!(await d.problems.exists(problemId))) throw notFound(`题目 ${problemId} 不存在`);
  const old = await videos.problemVideo(d.db, problemId);
  const stored = await d.local.store(req);
  await videos.upsertProblemVideo(d.db, problemId, stored, nowIso());
  d.problems.changed(problemId); // the statement's 讲解视频 button
  if (old) await d.local.remove([old.video, old.poster]);
  return { problem_id: problemId, has_poster: stored.poster !== null };
}

export async function setProblemAliyunId(d: Videos, problemId: number, videoId: string): Promise<void> {
  if (!(await d.problems.exists(problemId))) throw notFound(`题目 ${problemId} 不存在`);
  await videos.upsertProblemVideo(d.db, problemId, { aliyun_video_id: videoId }, nowIso());
  d.problems.changed(problemId);
}
