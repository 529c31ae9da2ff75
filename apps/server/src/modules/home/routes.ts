import { envelope, HomeOverview, IpLocation, JudgeInfo } from '@oj/shared';
import { ok } from '../../lib/envelope';
import type { AppModule } from '../registry';
import type { HomeService } from './service';

/** What the routes use. */
export interface HomeRouteDeps {
  home: HomeService;
}

/** The home page in one call, the judge's table for /introduction, and 当前位置. All public. */
export const homeModule: AppModule<HomeRouteDeps> = {
  name: 'home',
  async routes(app, { home }) {
    app.get(
      '/api/home/overview',
      { schema: { tags: ['home'], summary: '首页概览', response: { 200: envelope(HomeOverview) } } },
      async (req) => ok(await home.overview(req.viewer)),
    );
    app.get(
      '/api/judge/languages',
      {
        schema: {
          tags: ['home'],
          summary: '评测语言、编译命令与结果说明',
          response: { 200: envelope(JudgeInfo) },
        },
      },
      async () => ok(await home.judgeInfo()),
    );
    app.get(
      '/api/ip/location',
      {
        schema: {
          tags: ['home'],
          summary: '当前位置（离线 IP 库）',
          response: { 200: envelope(IpLocation) },
        },
      },
      async (req) => ok(home.location(req.ip)),
    );
  },
};
