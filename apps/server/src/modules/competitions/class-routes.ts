import { ClassContestList, ClassIdQuery, Role } from '@oj/shared';
import { requireRole } from '../../lib/auth';
import { type App, readRoute } from '../registry';
import type { CompetitionsRouteDeps } from './routes';

/**
 * Class contests (issue 27 part 3; docs/classes.md): the contests of one class for the class
 * page's 比赛 tab, read by the class's members only (the class read rule: outsiders 403).
 */
export function registerClassRoutes(app: App, d: CompetitionsRouteDeps): void {
  const svc = d.competitions;
  readRoute(
    app,
    '/api/competition/class/list',
    {
      tags: ['competitions'],
      summary: '班级的比赛（班级成员可见，最新开始的在前）',
      query: ClassIdQuery,
      reply: ClassContestList,
      preHandler: [requireRole(Role.User)],
    },
    async (req) => svc.classContests.ofClass(req.viewer, req.query.class_id),
  );
}
