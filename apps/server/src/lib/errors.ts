import { ErrorCode } from '@oj/shared';

/**
 * The one error type of the API. `code` is the application code of the envelope; the HTTP status
 * is derived from it (40101 → 401, 42900 → 429 …) so both always agree.
 */
export class AppError extends Error {
  readonly code: number;
  readonly status: number;
  /** The request field the error is about, sent as `data.field` so a form can mark it. */
  field?: string;
  constructor(code: number, message: string, status?: number) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = status ?? Math.floor(code / 100);
  }
}

/** An error about one request field: `field` (its identifier) travels as `data.field`. */
const about = (err: AppError, field?: string) => Object.assign(err, field ? { field } : {});

export const badRequest = (message: string, field?: string) =>
  about(new AppError(ErrorCode.BadRequest, message), field);
export const notLoggedIn = (message = '请先登录') => new AppError(ErrorCode.NotLoggedIn, message);
export const forbidden = (message = '没有权限执行此操作') => new AppError(ErrorCode.Forbidden, message);
export const banned = (message = '该账号已被封禁，请联系管理员') => new AppError(ErrorCode.Banned, message);
export const notFound = (message = '请求的资源不存在') => new AppError(ErrorCode.NotFound, message);
export const conflict = (message: string, field?: string) =>
  about(new AppError(ErrorCode.Conflict, message), field);
export const tooLarge = (message: string, field?: string) =>
  about(new AppError(ErrorCode.TooLarge, message), field);
export const rateLimited = (message = '操作过于频繁，请稍后再试') =>
  new AppError(ErrorCode.RateLimited, message);
