import { Empty, envelope, LanguageFactorsInput, LanguageStatusList, Role } from '@oj/shared';
import { requireRole } from '../../lib/auth';
import { ok } from '../../lib/envelope';
import type { AppModule } from '../registry';
import type { LanguagesService } from './service';

/** What the routes use. */
export interface LanguagesRouteDeps {
  languages: LanguagesService;
}

const tags = ['languages'];

/** The management site's languages: status of each, and the per-language factors. Admins only. */
export const languagesModule: AppModule<LanguagesRouteDeps> = {
  name: 'languages',
  async routes(app, { languages }) {
    const admin = [requireRole(Role.Admin)];
    app.get(
      '/api/admin/languages',
      {
        preHandler: admin,
        schema: {
          tags,
          summary: '评测语言：已安装 / 已启用 / 缺失，安装命令与倍率',
          response: { 200: envelope(LanguageStatusList) },
        },
      },
      async () => ok(await languages.statuses()),
    );
    app.post(
      '/api/admin/languages/factors',
      {
        preHandler: admin,
        schema: {
          tags,
          summary: '设置语言的时间与内存倍率',
          body: LanguageFactorsInput,
          response: { 200: envelope(Empty) },
        },
      },
      async (req) => {
        await languages.setFactors(req.body);
        return ok(null, '已保存');
      },
    );
  },
};
