import type { FastifyDynamicSwaggerOptions, SwaggerTransform } from '@fastify/swagger';
import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { requiresLogin } from './auth';

/**
 * How the OpenAPI document says who may call what, so that generated clients know how to
 * authenticate. Three schemes: the session cookie (every guarded route), the metrics scraper's
 * bearer token (/metrics) and the remote judge's bearer token (test data downloads).
 */
type Requirement = Record<string, readonly string[]>;

export const SESSION_SCHEME = 'sessionCookie';
export const METRICS_SCHEME = 'metricsToken';
export const JUDGE_SCHEME = 'judgeToken';

/** A route whose guard requires a login: the session cookie, nothing else. */
export const SESSION_REQUIRED: readonly Requirement[] = [{ [SESSION_SCHEME]: [] }];
/**
 * A public route: anonymous callers are served (`{}`), and a session, when sent, is read (a user's
 * own hidden content, "my status" fields).
 */
export const SESSION_OPTIONAL: readonly Requirement[] = [{}, { [SESSION_SCHEME]: [] }];
/** /metrics: the scraper's token, or an admin's session. */
export const METRICS_SECURITY: readonly Requirement[] = [{ [METRICS_SCHEME]: [] }, { [SESSION_SCHEME]: [] }];
/** Test data for remote judge workers: their token only. */
export const JUDGE_SECURITY: readonly Requirement[] = [{ [JUDGE_SCHEME]: [] }];

function securitySchemes(sessionCookie: string) {
  return {
    [SESSION_SCHEME]: {
      type: 'apiKey' as const,
      in: 'cookie' as const,
      name: sessionCookie,
      description: '登录会话：登录、注册、邮箱验证码登录或第三方登录成功时服务器设置的 httpOnly Cookie',
    },
    [METRICS_SCHEME]: {
      type: 'http' as const,
      scheme: 'bearer',
      description: 'Prometheus 抓取 /metrics 用的令牌（服务器的 OJ_METRICS_TOKEN）',
    },
    [JUDGE_SCHEME]: {
      type: 'http' as const,
      scheme: 'bearer',
      description: '远程评测机下载测试数据用的令牌（服务器的 OJ_JUDGE_TOKEN）',
    },
  };
}

/** Does one of the route's hooks carry a login guard (`requireRole`)? */
function guardedByLogin(route: RouteOptions | undefined): boolean {
  if (!route) return false;
  return [route.onRequest, route.preValidation, route.preHandler].some((hooks) =>
    [hooks].flat().some(requiresLogin),
  );
}

/**
 * zod → JSON Schema as before, plus each operation's `security`: what the route declares itself
 * (the token routes), else the session cookie when its guard requires a login, else optional.
 */
export const transformWithSecurity: SwaggerTransform = (input) => {
  const out = jsonSchemaTransform(input);
  return {
    ...out,
    schema: {
      ...out.schema,
      security: out.schema?.security ?? (guardedByLogin(input.route) ? SESSION_REQUIRED : SESSION_OPTIONAL),
    },
  };
};

/** Options of @fastify/swagger: the document's info, its security schemes, the transform above. */
export function openapiOptions(sessionCookie: string): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      info: {
        title: '在线评测 API',
        description:
          '所有响应都是 {code, message, data}；code 为 0 表示成功。需要登录的接口带会话 Cookie（sessionCookie），' +
          '未登录时回答 401（code 40101）；公开接口不带也可调用，带上会话时按登录用户回答。',
        version: '0.1.0',
      },
      components: { securitySchemes: securitySchemes(sessionCookie) },
    },
    transform: transformWithSecurity,
  };
}
