import {
  AnnounceRequest,
  AnnouncementIdQuery,
  AnswerRequest,
  AskRequest,
  ClarificationBoard,
  ClarificationContestQuery,
  ClarificationUnread,
  Empty,
  envelope,
  OpenClarificationContest,
  Role,
} from '@oj/shared';
import { z } from 'zod';
import type { DomainBus } from '../../events';
import { requireRole } from '../../lib/auth';
import { ok } from '../../lib/envelope';
import type { RateLimiter } from '../../lib/rate-limit';
import type { AppModule } from '../registry';
import type { ClarificationsService } from './service';
import { streamClarifications } from './stream';

const P = '/api/clarifications';
const tags = ['clarifications'];
const Id = z.object({ id: z.number().int() });

/**
 * 答疑 and contest announcements (issue 18). Every call needs a login; who may read, ask, answer
 * and announce is decided per contest in clarify.ts (participants, managers, password contests).
 */
/** What the routes use. */
export interface ClarificationsRouteDeps {
  clarifications: ClarificationsService;
  /** Questions are rate limited like comments. */
  limiter: Pick<RateLimiter, 'check'>;
  /** The stream follows `clarification.changed`. */
  bus: DomainBus;
  /** Live SSE streams of this node: ended when the server shuts down. */
  openStreams: Set<() => void>;
}

export const clarificationsModule: AppModule<ClarificationsRouteDeps> = {
  name: 'clarifications',
  async routes(app, d) {
    const { clarifications: svc, limiter } = d;
    const user = [requireRole(Role.User)];

    app.post(
      `${P}/list`,
      {
        preHandler: user,
        schema: {
          tags,
          summary: '比赛的公告与答疑（新的在前）',
          querystring: ClarificationContestQuery,
          response: { 200: envelope(ClarificationBoard) },
        },
      },
      async (req) => ok(await svc.board(req.viewer, req.query.competition_id)),
    );
    app.post(
      `${P}/read`,
      {
        preHandler: user,
        schema: {
          tags,
          summary: '答疑标记为已读',
          querystring: ClarificationContestQuery,
          response: { 200: envelope(ClarificationUnread) },
        },
      },
      async (req) => ok({ unread: await svc.markRead(req.viewer, req.query.competition_id) }),
    );
    app.post(
      `${P}/ask`,
      {
        preHandler: [...user, async (req) => limiter.check('comment', `clarify:${req.viewer.uuid}`)],
        schema: { tags, summary: '参赛者提问', body: AskRequest, response: { 200: envelope(Id) } },
      },
      async (req) => ok({ id: await svc.ask(req.viewer, req.body) }, '提问已提交，请等待回复'),
    );
    app.post(
      `${P}/answer`,
      {
        preHandler: user,
        schema: {
          tags,
          summary: '回复答疑（仅提问者或全体可见）',
          body: AnswerRequest,
          response: { 200: envelope(Empty) },
        },
      },
      async (req) => ok(await svc.answer(req.viewer, req.body).then(() => null), '回复成功'),
    );
    app.post(
      `${P}/announce`,
      {
        preHandler: user,
        schema: { tags, summary: '发布比赛公告', body: AnnounceRequest, response: { 200: envelope(Id) } },
      },
      async (req) => ok({ id: await svc.announce(req.viewer, req.body) }, '公告已发布'),
    );
    app.post(
      `${P}/announcement/delete`,
      {
        preHandler: user,
        schema: {
          tags,
          summary: '删除比赛公告',
          querystring: AnnouncementIdQuery,
          response: { 200: envelope(Empty) },
        },
      },
      async (req) =>
        ok(
          await svc.removeAnnouncement(req.viewer, req.query.announcement_id).then(() => null),
          '公告已删除',
        ),
    );
    app.post(
      `${P}/admin/open`,
      {
        preHandler: [requireRole(Role.Admin)],
        schema: {
          tags,
          summary: '有答疑的比赛（待回复的在前）',
          response: { 200: envelope(z.array(OpenClarificationContest)) },
        },
      },
      async () => ok(await svc.openContests()),
    );
    app.get(
      `${P}/stream`,
      {
        preHandler: user,
        schema: {
          tags,
          summary: '答疑实时更新（SSE：clarification 事件）',
          querystring: ClarificationContestQuery,
        },
      },
      async (req, reply) => {
        const access = await svc.readable(req.viewer, req.query.competition_id);
        streamClarifications(req, reply, {
          bus: d.bus,
          open: d.openStreams,
          access,
          unread: () => svc.unread(req.viewer, access),
        });
      },
    );
  },
};
