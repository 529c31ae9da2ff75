import type { FastifyServerOptions } from 'fastify';

/** pino options for Fastify: JSON lines, secrets redacted. */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
  };
}
