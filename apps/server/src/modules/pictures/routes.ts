import {
  BackgroundPictureList,
  Empty,
  envelope,
  PictureAddressQuery,
  PictureIdQuery,
  Role,
} from '@oj/shared';
import { z } from 'zod';
import { requireRole } from '../../lib/auth';
import { ok } from '../../lib/envelope';
import type { AppModule } from '../registry';
import type { PicturesService } from './service';

/** What the routes use. */
export interface PicturesRouteDeps {
  pictures: PicturesService;
}

export const picturesModule: AppModule<PicturesRouteDeps> = {
  name: 'pictures',
  async routes(app, { pictures }) {
    const user = [requireRole(Role.User)];
    app.get(
      '/api/user/picture/get',
      {
        preHandler: user,
        schema: {
          tags: ['pictures'],
          summary: '背景图片列表（内置 + 自己上传的）',
          response: { 200: envelope(BackgroundPictureList) },
        },
      },
      async (req) => ok(await pictures.list(req.viewer)),
    );
    app.get(
      '/api/user/picture/user/get',
      {
        preHandler: user,
        schema: { tags: ['pictures'], summary: '当前背景图片地址', response: { 200: envelope(z.string()) } },
      },
      async (req) => ok(await pictures.current(req.viewer)),
    );
    app.post(
      '/api/user/picture/user/delete',
      {
        preHandler: user,
        schema: {
          tags: ['pictures'],
          summary: '删除自己上传的背景图片',
          querystring: PictureIdQuery,
          response: { 200: envelope(Empty) },
        },
      },
      async (req) => {
        await pictures.remove(req.viewer, req.query.id);
        return ok(null, '删除成功');
      },
    );
    app.post(
      '/api/user/picture/user/set',
      {
        preHandler: user,
        schema: {
          tags: ['pictures'],
          summary: '选择当前背景图片',
          querystring: PictureAddressQuery,
          response: { 200: envelope(Empty) },
        },
      },
      async (req) => {
        await pictures.choose(req.viewer, req.query.picture_address);
        return ok(null, '设置成功');
      },
    );
  },
};
