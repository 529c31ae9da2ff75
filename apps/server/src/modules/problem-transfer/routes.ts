import { z } from 'zod';
import {
  envelope,
  ExportQuery,
  IMPORT_LIMITS,
  ImportJob,
  ImportJobBrief,
  ImportJobQuery,
  Role,
} from '@oj/shared';
import { requireRole } from '../../lib/auth';
import { ok } from '../../lib/envelope';
import { readSingleUpload } from '../../lib/upload';
import type { AppModule } from '../registry';
import type { TransferService } from './service';

const P = '/api/problem/algorithm/admin';

/** What the routes use. */
export interface TransferRouteDeps {
  transfer: TransferService;
}

/**
 * Import and export of problems (admins, like the rest of problem management). An import is a
 * job (issue 22): the upload answers at once with the job, which the page then follows.
 */
export const transferModule: AppModule<TransferRouteDeps> = {
  name: 'problem-transfer',
  async routes(app, { transfer }) {
    const admin = [requireRole(Role.Admin)];
    const tags = ['problems'];

    app.post(
      `${P}/import`,
      {
        config: { multipart: true },
        preHandler: admin,
        schema: {
          tags,
          summary: '开始导入题目（HydroOJ / FPS / QDUOJ / Polygon，导入后隐藏；管理员）：答复导入任务',
          response: { 200: envelope(ImportJob) },
        },
      },
      async (req) => {
        const { bytes, filename } = await readSingleUpload(req, {
          maxBytes: IMPORT_LIMITS.uploadMaxBytes,
          what: '题目包',
        });
        const job = await transfer.startImport(req.viewer.uuid, bytes, filename);
        return ok(job, '已开始导入，正在解析题目包');
      },
    );

    app.get(
      `${P}/import/jobs`,
      {
        preHandler: admin,
        schema: {
          tags,
          summary: '最近的导入任务（管理员）',
          response: { 200: envelope(z.array(ImportJobBrief)) },
        },
      },
      async () => ok(await transfer.importJobs()),
    );

    app.get(
      `${P}/import/job`,
      {
        preHandler: admin,
        schema: {
          tags,
          summary: '一个导入任务：进度、导入的题目、提示与错误（管理员）',
          querystring: ImportJobQuery,
          response: { 200: envelope(ImportJob) },
        },
      },
      async (req) => ok(await transfer.importJob(req.query.job_id)),
    );

    app.get(
      `${P}/export`,
      {
        preHandler: admin,
        schema: { tags, summary: '导出题目（HydroOJ zip 或 FPS XML；管理员）', querystring: ExportQuery },
      },
      async (req, reply) => {
        const file = await transfer.exportProblems(req.query.ids, req.query.format);
        reply.header('content-disposition', `attachment; filename="${file.filename}"`);
        reply.header('x-oj-export-warnings', encodeURIComponent(JSON.stringify(file.warnings)));
        return reply.type(file.mime).send(file.bytes);
      },
    );
  },
};
