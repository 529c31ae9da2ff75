import type { Envelope } from '@oj/shared';

export function ok<T>(data: T, message = '成功'): Envelope<T> {
  return { code: 0, message, data };
}
