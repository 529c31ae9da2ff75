import { AuthoredClassProblems, ClassIdQuery, ClassProblemList, Role } from '@oj/shared';
import { requireRole } from '../../lib/auth';
import { type App, readRoute } from '../registry';
import type { ClassesService } from './service';

const P = '/api/class/problems';
const tags = ['classes'];

/**
 * Class problems (issue 27 part 3; docs/classes.md 班级题目). The problems themselves are written
 * through the problems module's management routes (a teacher its own class problems) and read
 * through its detail route (the classes' members); these list them.
 */
export function registerClassProblemRoutes(app: App, classes: ClassesService): void {
  const preHandler = [requireRole(Role.User)];
  readRoute(
    app,
    P,
    {
      tags,
      summary: '班级题目列表（仅班级成员；含我的状态）',
      query: ClassIdQuery,
      reply: ClassProblemList,
      preHandler,
    },
    (req) => classes.problems.ofClass(req.viewer, req.query.class_id),
  );
  readRoute(
    app,
    `${P}/authored`,
    {
      tags,
      summary: '我编写的班级题目与可选班级（教师；管理员为全部）',
      reply: AuthoredClassProblems,
      preHandler,
    },
    (req) => classes.problems.authored(req.viewer),
  );
}
