import {
  envelope,
  Empty,
  LessonIdQuery,
  ProblemVideoQuery,
  ProblemVideoSet,
  Role,
  VideoPlay,
} from '@oj/shared';
import { z } from 'zod';
import { requireRole } from '../../lib/auth';
import { ok } from '../../lib/envelope';
import type { App } from '../registry';
import type { CoursesRouteDeps } from './routes';
import { sendWithRange } from './video';

const PlayParams = z.object({ name: z.string().max(64) });
const PlayQuery = z.object({ exp: z.string().max(20).default(''), sig: z.string().max(100).default('') });
const Uploaded = z.object({ has_poster: z.boolean() }).passthrough();

/**
 * Videos: uploads (admins), the signed play URLs (the signature is the check, made when the URL
 * was issued to a member), and SPEC's `aliyun/vod` for a problem's solution video.
 */
export function registerVideoRoutes(app: App, { courses: svc }: CoursesRouteDeps): void {
  const tags = ['videos'];
  const admin = requireRole(Role.Admin);
  app.get(
    '/api/video/play/:name',
    {
      schema: {
        tags,
        summary: '播放视频（签名地址，支持 Range）',
        params: PlayParams,
        querystring: PlayQuery,
      },
    },
    async (req, reply) => {
      const found = await svc.local.verify(req.params.name, req.query.exp, req.query.sig);
      if ('url' in found) return reply.header('cache-control', 'no-store').redirect(found.url, 302);
      return sendWithRange(req, reply, found.file);
    },
  );
  app.get(
    '/api/problem/algorithm/aliyun/vod',
    {
      preHandler: requireRole(Role.User),
      schema: {
        tags,
        summary: '题目讲解视频（阿里云播放凭证或本地签名地址）',
        querystring: ProblemVideoQuery,
        response: { 200: envelope(VideoPlay) },
      },
    },
    async (req) => ok(await svc.problemVideo(req.viewer, req.query.problem_id)),
  );
  app.post(
    '/api/course/admin/lesson/video',
    {
      config: { multipart: true },
      preHandler: admin,
      schema: {
        tags,
        summary: '上传课时视频（MP4/WebM，管理员）',
        querystring: LessonIdQuery,
        response: { 200: envelope(Uploaded) },
      },
    },
    async (req) => ok(await svc.uploadLessonVideo(req, req.query.lesson_id), '视频已上传'),
  );
  app.post(
    '/api/video/admin/problem/upload',
    {
      config: { multipart: true },
      preHandler: admin,
      schema: {
        tags,
        summary: '上传题目讲解视频（管理员）',
        querystring: ProblemVideoQuery,
        response: { 200: envelope(Uploaded) },
      },
    },
    async (req) => ok(await svc.uploadProblemVideo(req, req.query.problem_id), '视频已上传'),
  );
  app.post(
    '/api/video/admin/problem/aliyun',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: '设置题目的阿里云视频编号（管理员）',
        body: ProblemVideoSet,
        response: { 200: envelope(Empty) },
      },
    },
    async (req) => {
      await svc.setProblemAliyunId(req.body.problem_id, req.body.video_id);
      return ok(null, '已保存');
    },
  );
}
