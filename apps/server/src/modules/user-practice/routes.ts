import { UserPractice, UuidQuery } from '@oj/shared';
import { readRoute, type AppModule } from '../registry';
import { type PracticeDeps, practiceOf } from './practice';

/** A user card's 练习情况: public, like the card (docs/users.md). */
export const userPracticeModule: AppModule<PracticeDeps> = {
  name: 'user-practice',
  async routes(app, deps) {
    readRoute(
      app,
      '/api/user/practice',
      {
        tags: ['users'],
        summary: '用户名片的练习情况：通过的题目、按难度和标签统计、公开题单、班级（用户允许时）',
        query: UuidQuery,
        reply: UserPractice,
      },
      (req) => practiceOf(deps, req.viewer, req.query.uuid),
    );
  },
};
