import { spawn, spawnSync } from 'node:child_process';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdirSync, statSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { COURSE_LIMITS } from '@oj/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, badRequest, forbidden, notFound, tooLarge } from '../../lib/errors';
import { UPLOAD_FIELD } from '../../lib/upload';
import type { ObjectStore } from '../files';

/** A signed play URL lives this long; the player asks for a new one when it expires. */
export const PLAY_URL_TTL_MS = 30 * 60_000;
const NAME = /^[a-f0-9]{32}\.(mp4|webm|jpg)$/;
const MIME: Record<string, string> = { mp4: 'video/mp4', webm: 'video/webm', jpg: 'image/jpeg' };

/**
 * The `local` video provider: uploads stored in the object store under `videos/<random name>`
 * (<dataDir>/videos on the local disk), played through short-lived signed URLs
 * (`/api/video/play/<name>?exp=…&sig=…`, HMAC-SHA256 of name and expiry). The membership check
 * happens when a URL is issued; the URL itself proves it. On S3 the play URL redirects to an
 * expiring URL of the store, which serves the Range requests itself.
 */
export class LocalVideos {
  readonly dir: string;
  private readonly key: Buffer;
  private ffmpeg: boolean | null = null;

  constructor(
    dataDir: string,
    /** OJ_VIDEO_URL_KEY, or the install's shared key (every node must sign alike). */
    urlKey: string | Buffer,
    private readonly objects: ObjectStore,
  ) {
    this.dir = join(dataDir, 'videos');
    mkdirSync(this.dir, { recursive: true });
    this.key = Buffer.from(urlKey);
  }

  private mac(name: string, exp: number): string {
    return createHmac('sha256', this.key).update(`${name}:${exp}`).digest('base64url');
  }

  signedUrl(name: string, now = Date.now()): { url: string; expires_at: string } {
    const exp = Math.floor((now + PLAY_URL_TTL_MS) / 1000);
    return {
      url: `/api/video/play/${name}?exp=${exp}&sig=${this.mac(name, exp)}`,
      expires_at: new Date(exp * 1000).toISOString(),
    };
  }

  /**
   * Where the bytes of a play URL are, after checking its signature and expiry: a file of this host,
   * or an expiring URL of the object store (valid as long as the play URL).
   */
  async verify(
    name: string,
    exp: string,
    sig: string,
    now = Date.now(),
  ): Promise<{ file: string } | { url: string }> {
    if (!NAME.test(name) || !/^\d{1,12}$/.test(exp)) throw notFound('视频不存在');
    const expected = Buffer.from(this.mac(name, Number(exp)));
    const given = Buffer.from(sig);
    if (expected.length !== given.length || !timingSafeEqual(expected, given))
      throw forbidden('视频链接无效');
    if (Number(exp) * 1000 < now) throw forbidden('视频链接已过期，请刷新页面');
    const key = `videos/${name}`;
    const file = this.objects.localPath(key);
    if (file) {
      if (!existsSync(file)) throw notFound('视频不存在');
      return { file };
    }
    if (!(await this.objects.exists(key))) throw notFound('视频不存在');
    const seconds = Math.max(60, Math.ceil((Number(exp) * 1000 - now) / 1000));
    const ext = name.slice(name.lastIndexOf('.') + 1);
    return { url: (await this.objects.presign(key, { expiresIn: seconds, contentType: MIME[ext] }))! };
  }

  /** Moves a file made in the working folder to the object store (nothing to do on the local disk). */
  private async keep(name: string): Promise<void> {
    const key = `videos/${name}`;
    if (this.objects.localPath(key) === join(this.dir, name)) return;
    const file = join(this.dir, name);
    try {
      await this.objects.putFile(key, file, MIME[name.slice(name.lastIndexOf('.') + 1)]);
    } finally {
      await rm(file, { force: true });
    }
  }

  /**
   * Streams the one `file` field of a multipart upload to disk (never whole in memory), checks that
   * it is an MP4 or WebM by its first bytes, and makes a poster frame when ffmpeg is on PATH.
   */
  async store(req: FastifyRequest): Promise<{ video: string; poster: string | null }> {
    if (!req.isMultipart()) throw badRequest('请使用 multipart/form-data 上传文件');
    const part = await req.file({ limits: { fileSize: COURSE_LIMITS.videoMaxBytes, files: 1, fields: 0 } });
    if (!part || part.fieldname !== UPLOAD_FIELD) throw badRequest('请选择要上传的视频', UPLOAD_FIELD);
    const id = randomBytes(16).toString('hex');
    const tmp = join(this.dir, `${id}.part`);
    try {
      await pipeline(part.file, createWriteStream(tmp));
      if (part.file.truncated)
        throw tooLarge(`视频不能超过 ${COURSE_LIMITS.videoMaxBytes / 1024 / 1024} MiB`, UPLOAD_FIELD);
      const ext = await sniff(tmp);
      if (!ext) throw badRequest('只支持 MP4 或 WebM 视频', UPLOAD_FIELD);
      const video = `${id}.${ext}`;
      await rename(tmp, join(this.dir, video));
      const poster = await this.poster(id, video);
      if (poster) await this.keep(poster);
      await this.keep(video);
      return { video, poster };
    } catch (err) {
      await rm(tmp, { force: true });
      if (err instanceof AppError) throw err;
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw tooLarge(`视频不能超过 ${COURSE_LIMITS.videoMaxBytes / 1024 / 1024} MiB`, UPLOAD_FIELD);
      throw badRequest('视频上传不完整，请重新上传', UPLOAD_FIELD);
    }
  }

  /** A JPEG frame one second in, when ffmpeg is installed; null (silently) otherwise. */
  private async poster(id: string, video: string): Promise<string | null> {
    this.ffmpeg ??= spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).status === 0;
    if (!this.ffmpeg) return null;
    const name = `${id}.jpg`;
    const ok = await new Promise<boolean>((resolve) => {
      const p = spawn(
        'ffmpeg',
        [
          '-y',
          '-loglevel',
          'error',
          '-ss',
          '1',
          '-i',
          join(this.dir, video),
          '-frames:v',
          '1',
          '-vf',
          'scale=640:-2',
          join(this.dir, name),
        ],
        { stdio: 'ignore' },
      );
      p.on('error', () => resolve(false));
      p.on('exit', (code) => resolve(code === 0));
    });
    return ok && existsSync(join(this.dir, name)) ? name : null;
  }

  async remove(names: (string | null)[]): Promise<void> {
    for (const n of names) if (n && NAME.test(n)) await this.objects.delete(`videos/${n}`);
  }
}

async function sniff(file: string): Promise<'mp4' | 'webm' | null> {
  const fh = await open(file, 'r');
  try {
    const head = Buffer.alloc(12);
    await fh.read(head, 0, 12, 0);
    if (head.subarray(4, 8).toString('latin1') === 'ftyp') return 'mp4';
    if (head.readUInt32BE(0) === 0x1a45dfa3) return 'webm';
    return null;
  } finally {
    await fh.close();
  }
}

/**
 * Sends a file with HTTP range support: `bytes=a-b`, `bytes=a-` and `bytes=-n` answer 206 with
 * Content-Range; a range past the end answers 416; no (or a multi-) range answers the whole file.
 */
export function sendWithRange(req: FastifyRequest, reply: FastifyReply, file: string) {
  const size = statSync(file).size;
  const ext = file.slice(file.lastIndexOf('.') + 1);
  reply.header('accept-ranges', 'bytes');
  reply.header('content-type', MIME[ext] ?? 'application/octet-stream');
  reply.header('cache-control', 'private, max-age=600');
  const range = parseRange(req.headers.range, size);
  if (range === 'unsatisfiable') {
    reply.code(416).header('content-range', `bytes */${size}`);
    return reply.send('');
  }
  if (!range) {
    reply.header('content-length', size);
    return reply.send(createReadStream(file));
  }
  reply.code(206);
  reply.header('content-range', `bytes ${range.start}-${range.end}/${size}`);
  reply.header('content-length', range.end - range.start + 1);
  return reply.send(createReadStream(file, range));
}

export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    const n = Number(m[2]);
    if (n === 0) return 'unsatisfiable';
    start = Math.max(0, size - n);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}
