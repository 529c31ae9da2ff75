import { BANNED_HEADER, ErrorCode, type Envelope } from '../lib/contract';
import { MAX_CONCURRENT_REQUESTS } from '../config';
import { notify } from '../lib/notify';
import { markBanned } from '../lib/bannedNotice';
import { currentFullPath, goTo } from '../lib/navigate';
import { ApiError, httpErrorMessage } from './errors';
import { RequestQueue } from './queue';

/** Every call of both sites goes through this queue (SPEC §7: at most 2 concurrent requests). */
export const requestQueue = new RequestQueue(MAX_CONCURRENT_REQUESTS);

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  /** JSON body. */
  json?: unknown;
  /** Multipart body (uploads). */
  form?: FormData;
  /** No error toast (the caller handles the failure itself, e.g. the current-user refresh). */
  silent?: boolean;
  /** SPEC §8: code 40101 from the picture-list and daily-count calls sends the user to /404. */
  notLoggedInTo404?: boolean;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {}))
    if (v !== undefined && v !== null) params.append(k, String(v));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

const BANNED_MESSAGE = '该账号已被封禁，请联系管理员';

/**
 * SPEC §6: the server says a signed-in page's account was banned (its session has just ended):
 * say so and go to /404 (the user site's, from either site). The call itself fails as banned.
 */
function bannedNow(): ApiError {
  notify.error(BANNED_MESSAGE);
  markBanned();
  if (window.location.pathname.startsWith('/admin')) window.location.assign('/404');
  else goTo('/404');
  return new ApiError(ErrorCode.Banned, BANNED_MESSAGE, 403);
}

async function send<T>(method: string, path: string, opts: RequestOptions): Promise<T> {
  const init: RequestInit = { method, credentials: 'include', headers: { Accept: 'application/json' } };
  if (opts.form) init.body = opts.form;
  else if (opts.json !== undefined) {
    init.body = JSON.stringify(opts.json);
    (init.headers as Record<string, string>)['Content-Type'] = 'application/json';
  }
  let res: Response;
  try {
    res = await fetch(buildUrl(path, opts.query), init);
  } catch {
    throw new ApiError(-1, '网络连接失败，请检查网络后重试');
  }
  if (res.headers.get(BANNED_HEADER)) throw bannedNow();
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  let body: Partial<Envelope<T>> | null = null;
  try {
    body = text ? (JSON.parse(text) as Envelope<T>) : null;
  } catch {
    body = null;
  }
  if (body && typeof body.code === 'number') {
    if (body.code === ErrorCode.Ok) return body.data as T;
    throw new ApiError(body.code, body.message || '操作失败', res.status);
  }
  if (!res.ok) throw new ApiError(res.status, httpErrorMessage(res.status, res.statusText, text), res.status);
  throw new ApiError(-1, '服务器返回了无法识别的数据');
}

/** One API call: queued, credentials included, envelope unwrapped; failures toast the server's message. */
export async function request<T>(
  method: 'GET' | 'POST',
  path: string,
  opts: RequestOptions = {},
): Promise<T> {
  try {
    return await requestQueue.run(() => send<T>(method, path, opts));
  } catch (err) {
    const e = err instanceof ApiError ? err : new ApiError(-1, String(err));
    if (opts.notLoggedInTo404 && e.code === ErrorCode.NotLoggedIn) goTo('/404');
    // A bulk account must change its initial password first (docs/classes.md).
    else if (e.code === ErrorCode.PasswordChangeRequired) {
      if (window.location.pathname !== '/user/password')
        goTo(`/user/password?redirect=${encodeURIComponent(currentFullPath())}`);
    } else if (!opts.silent) notify.error(e.message);
    throw e;
  }
}

export const get = <T>(path: string, opts?: RequestOptions) => request<T>('GET', path, opts);
export const post = <T>(path: string, opts?: RequestOptions) => request<T>('POST', path, opts);
