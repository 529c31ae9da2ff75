import {
  ClarificationContestQuery,
  envelope,
  Role,
  SimilarityPage,
  SimilarityPairDetail,
  SimilarityPairQuery,
  SimilarityPairsQuery,
  SimilarityRun,
} from '@oj/shared';
import { requireRole } from '../../lib/auth';
import { ok } from '../../lib/envelope';
import type { AppModule } from '../registry';
import type { SimilarityService } from './service';

const P = '/api/similarity/admin';
const tags = ['similarity'];

/**
 * Code similarity, admins only: it shows everyone's code side by side, which only admins may read
 * (`submission.viewCode`). The author of a user-created contest is refused like any user.
 */
/** What the routes use. */
export interface SimilarityRouteDeps {
  similarity: SimilarityService;
}

export const similarityModule: AppModule<SimilarityRouteDeps> = {
  name: 'similarity',
  async routes(app, { similarity }) {
    const admin = [requireRole(Role.Admin)];
    app.post(
      `${P}/run`,
      {
        preHandler: admin,
        schema: {
          tags,
          summary: '重新检测比赛的代码相似度',
          querystring: ClarificationContestQuery,
          response: { 200: envelope(SimilarityRun) },
        },
      },
      async (req) => ok(await similarity.run(req.query.competition_id), '检测完成'),
    );
    app.post(
      `${P}/pairs`,
      {
        preHandler: admin,
        schema: {
          tags,
          summary: '比赛中相似的代码对（相似度从高到低）',
          querystring: SimilarityPairsQuery,
          response: { 200: envelope(SimilarityPage) },
        },
      },
      async (req) => ok(await similarity.pairs(req.query.competition_id, req.query.pageNum)),
    );
    app.post(
      `${P}/pair`,
      {
        preHandler: admin,
        schema: {
          tags,
          summary: '一对代码的对照（匹配的行）',
          querystring: SimilarityPairQuery,
          response: { 200: envelope(SimilarityPairDetail) },
        },
      },
      async (req) => ok(await similarity.pair(req.query.pair_id)),
    );
  },
};
