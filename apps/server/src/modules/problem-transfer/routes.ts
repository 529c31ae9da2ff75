import { envelope, ExportQuery, ImportResult, PROBLEM_LIMITS, Role } from '@oj/shared';
import { requireRole } from '../../lib/auth';
import { ok } from '../../lib/envelope';
import { readSingleUpload } from '../../lib/upload';
import type { AppModule } from '../registry';

const P = '/api/problem/algorithm/admin';

/** Import and export of problems (admins, like the rest of problem management). */
export const transferModule: AppModule = {
  name: 'problem-transfer',
  async routes(app, ctx) {
    const admin = [requireRole(Role.Admin)];
    const tags = ['problems'];

    app.post(
      `${P}/import`,
      {
        config: { multipart: true },
        preHandler: admin,
        schema: {
          tags,
          summary: '导入题目（HydroOJ / FPS / QDUOJ / Polygon，导入后隐藏；管理员）',
          response: { 200: envelope(ImportResult) },
        },
      },
      async (req) => {
        const { bytes } = await readSingleUpload(req, {
          maxBytes: PROBLEM_LIMITS.zipMaxBytes,
          what: '题目包',
        });
        const result = await ctx.transfer.importPackage(bytes);
        const message = result.imported.length
          ? `已导入 ${result.imported.length} 道题目（隐藏，公开前请核对）`
          : '没有导入任何题目';
        return ok(result, message);
      },
    );

    app.get(
      `${P}/export`,
      {
        preHandler: admin,
        schema: { tags, summary: '导出题目（HydroOJ zip 或 FPS XML；管理员）', querystring: ExportQuery },
      },
      async (req, reply) => {
        const file = await ctx.transfer.exportProblems(req.query.ids, req.query.format);
        reply.header('content-disposition', `attachment; filename="${file.filename}"`);
        reply.header('x-oj-export-warnings', encodeURIComponent(JSON.stringify(file.warnings)));
        return reply.type(file.mime).send(file.bytes);
      },
    );
  },
};
