import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formatSize } from './body-limits';
import { installErrorHandler } from './error-handler';
import { AppError } from './errors';

describe('the error handler', () => {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  app.get('/boom', async () => {
    throw new Error('secret table users_password_hash is broken at /srv/db');
  });
  app.get('/app', async () => {
    throw new AppError(40900, '账号已被注册');
  });
  app.get('/q', { schema: { querystring: z.object({ problem_id: z.coerce.number().int() }) } }, async () => ({
    ok: 1,
  }));

  it('hides internal errors behind a Chinese 500', async () => {
    const res = await app.inject({ url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 50000, message: '服务器内部错误', data: null });
    expect(res.body).not.toMatch(/secret|srv/);
  });
  it('maps an AppError code to its HTTP status', async () => {
    const res = await app.inject({ url: '/app' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 40900, message: '账号已被注册', data: null });
  });
  it('names the field of a validation error in words even when zod does not, with data.field', async () => {
    const res = await app.inject({ url: '/q?problem_id=abc' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^题目编号：/);
    expect(res.json().data).toEqual({ field: 'problem_id' });
  });
});

describe('the size in a 413 message', () => {
  // Issue 22: the payment notify's 8 KiB limit read 不能超过 0 MiB.
  it('reads in the unit that fits', () => {
    expect(formatSize(8 * 1024)).toBe('8 KiB');
    expect(formatSize(2 * 1024 * 1024)).toBe('2 MiB');
    expect(formatSize(1.5 * 1024 * 1024)).toBe('1.5 MiB');
    expect(formatSize(1024 ** 3)).toBe('1 GiB');
    expect(formatSize(500)).toBe('500 字节');
  });
});
