import { envelope, Role, UPLOAD_LIMITS, UploadQuery } from '@oj/shared';
import { z } from 'zod';
import { requireRole } from '../../lib/auth';
import { ok } from '../../lib/envelope';
import { notFound } from '../../lib/errors';
import type { RateLimiter } from '../../lib/rate-limit';
import { readSingleUpload } from '../../lib/upload';
import type { PicturesService } from '../pictures';
import type { AppModule } from '../registry';
import type { UsersService } from '../users';
import { MIME_BY_EXT } from './files';
import type { FilesService } from './service';
import { FILE_NAME } from './storage';

/** What the routes use: an upload becomes the avatar (users) or a background picture (pictures). */
export interface FilesRouteDeps {
  files: Pick<FilesService, 'storage' | 'saveImage'>;
  limiter: Pick<RateLimiter, 'check'>;
  users: Pick<UsersService, 'setAvatar'>;
  pictures: Pick<PicturesService, 'add'>;
}

/** Files larger than this are answered with a redirect to the store when it can presign (S3). */
export const DIRECT_BYTES = 4 * 1024 * 1024;
/** Lifetime of a presigned download URL. */
export const PRESIGN_SECONDS = 15 * 60;

export const filesModule: AppModule<FilesRouteDeps> = {
  name: 'files',
  async routes(app, { files, limiter, users, pictures }) {
    // Content-addressed: a name never changes meaning, so it may be cached for a year.
    app.get(
      '/api/files/:name',
      {
        schema: {
          tags: ['files'],
          summary: '下载文件（按 sha256 命名）',
          params: z.object({ name: z.string() }),
        },
      },
      async (req, reply) => {
        const m = FILE_NAME.exec(req.params.name);
        const stat = m ? await files.storage.stat(req.params.name) : null;
        if (!m || !stat) throw notFound('文件不存在');
        const type = MIME_BY_EXT[m[2]] ?? 'application/octet-stream';
        // Large files on S3 are fetched from the store itself, through an expiring URL.
        if (stat.size > DIRECT_BYTES) {
          const url = await files.storage.presign(req.params.name, {
            expiresIn: PRESIGN_SECONDS,
            contentType: type,
          });
          if (url) {
            reply.header('Cache-Control', `private, max-age=${PRESIGN_SECONDS / 2}`);
            return reply.redirect(url, 302);
          }
        }
        reply.header('Cache-Control', 'public, max-age=31536000, immutable');
        reply.header('X-Content-Type-Options', 'nosniff');
        reply.header('Content-Length', stat.size);
        reply.type(type);
        return reply.send(await files.storage.open(req.params.name));
      },
    );

    /** SPEC §7: multipart upload; status 0 sets the avatar, 1 adds a background picture. Answers the URL. */
    app.post(
      '/api/user/upload',
      {
        config: { multipart: true },
        preHandler: [requireRole(Role.User)],
        schema: {
          tags: ['files'],
          summary: '上传头像 (status=0) 或背景图片 (status=1)',
          querystring: UploadQuery,
          response: { 200: envelope(z.string()) },
        },
      },
      async (req) => {
        await limiter.check('upload', String(req.viewer.uuid));
        const limit = req.query.status === 0 ? UPLOAD_LIMITS.avatar : UPLOAD_LIMITS.background;
        const what = req.query.status === 0 ? '头像' : '背景图片';
        const { bytes } = await readSingleUpload(req, { maxBytes: limit, what });
        const url = await files.saveImage(bytes, what);
        if (req.query.status === 0) await users.setAvatar(req.viewer.uuid, url);
        else await pictures.add(req.viewer.uuid, url);
        return ok(url, req.query.status === 0 ? '上传完毕' : '图片上传成功！！！');
      },
    );
  },
};
