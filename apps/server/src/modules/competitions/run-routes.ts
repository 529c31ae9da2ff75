import { CompetitionIdQuery, ContestRun, Role } from '@oj/shared';
import { requireRole } from '../../lib/auth';
import { type App, readRoute, writeRoute } from '../registry';
import type { CompetitionsRouteDeps } from './routes';

const P = '/api/competition';

/**
 * Issue 26 part 2 (virtual.ts): the caller's window and virtual run in a contest, pressing 开始 in
 * a window contest, and starting a virtual run of an ended one. Logged-in users only.
 */
export function registerRunRoutes(app: App, d: CompetitionsRouteDeps): void {
  const svc = d.competitions;
  const user = [requireRole(Role.User)];
  const tags = ['competitions'];

  readRoute(
    app,
    `${P}/run/mine`,
    {
      tags,
      summary: '我在该比赛中的计时：每人限时比赛的开始与结束时间、虚拟参赛',
      query: CompetitionIdQuery,
      reply: ContestRun,
      preHandler: user,
    },
    async (req) => svc.runs.mine(req.viewer, req.query.competition_id),
  );
  writeRoute(
    app,
    `${P}/window/start`,
    {
      tags,
      summary: '每人限时的比赛：开始计时（比赛进行中、已报名；再次点击不改变开始时间）',
      query: CompetitionIdQuery,
      reply: ContestRun,
      preHandler: user,
      message: '已开始计时',
    },
    async (req) => svc.runs.startWindow(req.viewer, req.query.competition_id),
  );
  writeRoute(
    app,
    `${P}/virtual/start`,
    {
      tags,
      summary: '虚拟参赛：比赛结束后按比赛时长重新参赛（不影响真实排名与积分）',
      query: CompetitionIdQuery,
      reply: ContestRun,
      preHandler: user,
      message: '虚拟参赛已开始',
    },
    async (req) => svc.runs.startVirtual(req.viewer, req.query.competition_id),
  );
}
