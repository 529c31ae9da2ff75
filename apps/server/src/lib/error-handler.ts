import { ErrorCode } from '@oj/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { formatSize } from './body-limits';
import { AppError } from './errors';
import { UPLOAD_FIELD } from './upload';
import { fieldPath, withField } from './validate';

const WHERE: Record<string, string> = {
  body: '请求体',
  querystring: '查询参数',
  params: '路径参数',
  headers: '请求头',
};

/** Fastify's own errors that a client can cause, translated (the rest become a plain 500). */
const FASTIFY_ERRORS: Record<string, { status: number; code: number; message: string; field?: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: ErrorCode.BadRequest,
    message: '请求体不是合法的 JSON',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: ErrorCode.BadRequest, message: '请求体不能为空' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: ErrorCode.BadRequest,
    message: '不支持的请求内容类型',
  },
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: ErrorCode.TooLarge, message: '文件过大', field: UPLOAD_FIELD },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    status: 400,
    code: ErrorCode.BadRequest,
    message: '请使用 multipart/form-data 上传文件',
  },
  FST_FILES_LIMIT: {
    status: 400,
    code: ErrorCode.BadRequest,
    message: '一次只能上传一个文件',
    field: UPLOAD_FIELD,
  },
  FST_PARTS_LIMIT: { status: 400, code: ErrorCode.BadRequest, message: '表单字段过多' },
};

/**
 * The one translation point from errors to `{code, message, data}` (STYLE "named errors").
 * Validation messages name the field; internal errors are logged and never shown.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
      if (err.status >= 500) req.log.error({ err }, 'application error');
      const data = err.field ? { field: err.field } : null;
      return reply.status(err.status).send({ code: err.code, message: err.message, data });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issue = err.validation[0];
      const path = issue.instancePath.split('/').filter(Boolean);
      const raw = issue.message ?? '参数无效';
      const message = path.length
        ? withField(path, raw)
        : `${WHERE[err.validationContext ?? ''] ?? '参数'}无效：${raw}`;
      const data = path.length ? { field: fieldPath(path) } : null;
      return reply.status(400).send({ code: ErrorCode.BadRequest, message, data });
    }
    if (isResponseSerializationError(err as FastifyError & { method?: string })) {
      req.log.error({ err }, 'response does not match its schema');
      return reply.status(500).send({ code: ErrorCode.Internal, message: '服务器内部错误', data: null });
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      const message = `请求体过大（不能超过 ${formatSize(req.routeOptions.bodyLimit)}）`;
      return reply.status(413).send({ code: ErrorCode.TooLarge, message, data: null });
    }
    const known = err.code ? FASTIFY_ERRORS[err.code] : undefined;
    if (known) {
      const data = known.field ? { field: known.field } : null;
      return reply.status(known.status).send({ code: known.code, message: known.message, data });
    }
    if (err.statusCode === 429) {
      return reply
        .status(429)
        .send({ code: ErrorCode.RateLimited, message: '操作过于频繁，请稍后再试', data: null });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      req.log.info({ err }, 'client error');
      return reply
        .status(err.statusCode)
        .send({ code: err.statusCode * 100, message: '请求无效', data: null });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ code: ErrorCode.Internal, message: '服务器内部错误', data: null });
  });
}

/** What the router refuses before any route or hook runs (Fastify's `frameworkErrors`). */
const ROUTER_ERRORS: Record<string, { code: number; message: string }> = {
  // `%FF`, `%E4%B8` …: a path that does not decode as UTF-8.
  FST_ERR_BAD_URL: {
    code: ErrorCode.BadRequest,
    message: '网址中有无效的编码（% 后的字节不是合法的 UTF-8）',
  },
  // find-my-way's maxParamLength (100): no id or name of ours is that long.
  FST_ERR_MAX_PARAM_LENGTH: {
    code: ErrorCode.UriTooLong,
    message: '网址中的路径参数过长（不能超过 100 个字符）',
  },
};

/**
 * Fastify's `frameworkErrors`: a path the router cannot decode or whose parameter is too long gets
 * `{code, message, data}` in Chinese like every other answer (Fastify's default is English JSON).
 */
export function answerFrameworkError(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const known = ROUTER_ERRORS[err.code];
  if (!known) {
    req.log.error({ err }, 'router error');
    void reply.status(500).send({ code: ErrorCode.Internal, message: '服务器内部错误', data: null });
    return;
  }
  req.log.info({ code: err.code }, 'client error refused by the router');
  void reply.status(known.code / 100).send({ code: known.code, message: known.message, data: null });
}
