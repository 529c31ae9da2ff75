import { createHmac, randomUUID } from 'node:crypto';
import { AppError } from '../../lib/errors';
import { ErrorCode } from '@oj/shared';

/**
 * The `aliyun` video provider: GetVideoPlayAuth of ApsaraVideo VOD over Aliyun's RPC protocol
 * (signature version 1.0). Written here rather than with the SDK so that it runs offline against
 * a fake endpoint (`OJ_ALIYUN_VOD_ENDPOINT`) and pulls in no dependency tree.
 *
 * Signing: every parameter (common ones included) percent-encoded per RFC 3986 (space %20, `*`
 * %2A, `~` kept), sorted by name, joined `k=v` with `&`; the string to sign is
 * `GET&%2F&` + percentEncode(that); the signature is base64 HMAC-SHA1 with key `secret&`.
 */
export interface AliyunCredentials {
  accessKeyId: string;
  accessKeySecret: string;
  endpoint: string;
}

export const percentEncode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export function canonicalize(params: Record<string, string>): string {
  return Object.keys(params)
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k])}`)
    .join('&');
}

export function rpcSignature(method: string, params: Record<string, string>, secret: string): string {
  const toSign = `${method}&${percentEncode('/')}&${percentEncode(canonicalize(params))}`;
  return createHmac('sha1', `${secret}&`).update(toSign).digest('base64');
}

/** The full signed query of an RPC call (common parameters added). */
export function signedQuery(
  creds: Pick<AliyunCredentials, 'accessKeyId' | 'accessKeySecret'>,
  action: string,
  params: Record<string, string>,
  now = new Date(),
): string {
  const all: Record<string, string> = {
    Format: 'JSON',
    Version: '2017-03-21',
    AccessKeyId: creds.accessKeyId,
    SignatureMethod: 'HMAC-SHA1',
    SignatureVersion: '1.0',
    SignatureNonce: randomUUID(),
    Timestamp: now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    Action: action,
    ...params,
  };
  const signature = rpcSignature('GET', all, creds.accessKeySecret);
  return `${canonicalize(all)}&Signature=${percentEncode(signature)}`;
}

export interface PlayAuth {
  play_auth: string;
  video_id: string;
  title: string | null;
  cover: string | null;
}

/** GetVideoPlayAuth: a play auth valid `timeoutSeconds` (100–3000) for one video. */
export async function getVideoPlayAuth(
  creds: AliyunCredentials,
  videoId: string,
  timeoutSeconds = 1800,
): Promise<PlayAuth> {
  const query = signedQuery(creds, 'GetVideoPlayAuth', {
    VideoId: videoId,
    AuthInfoTimeout: String(timeoutSeconds),
  });
  let body: {
    PlayAuth?: string;
    VideoMeta?: { VideoId?: string; Title?: string; CoverURL?: string };
    Code?: string;
    Message?: string;
  };
  try {
    const res = await fetch(`${creds.endpoint}/?${query}`, { signal: AbortSignal.timeout(10_000) });
    body = (await res.json()) as typeof body;
  } catch {
    throw new AppError(ErrorCode.Unavailable, '视频服务暂时不可用，请稍后再试');
  }
  if (!body.PlayAuth)
    throw new AppError(ErrorCode.Unavailable, `视频服务拒绝了请求（${body.Code ?? '未知错误'}）`);
  return {
    play_auth: body.PlayAuth,
    video_id: body.VideoMeta?.VideoId ?? videoId,
    title: body.VideoMeta?.Title ?? null,
    cover: body.VideoMeta?.CoverURL ?? null,
  };
}
