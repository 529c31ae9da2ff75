import { z } from 'zod';

/** Every response of the API is wrapped like this; code 0 means success. */
export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

export const envelope = <T extends z.ZodTypeAny>(data: T) =>
  z.object({ code: z.number().int(), message: z.string(), data });

export { ErrorCode, BANNED_HEADER } from './error-codes';
