import argon2 from 'argon2';
import { PASSWORD_RULE } from '@oj/shared';
import { badRequest } from '../../lib/errors';

export interface Argon2Cost {
  memoryCost: number;
  timeCost: number;
}

export const hashPassword = (plain: string, cost: Argon2Cost) =>
  argon2.hash(plain, {
    type: argon2.argon2id,
    memoryCost: cost.memoryCost,
    timeCost: cost.timeCost,
    parallelism: 1,
  });

export async function verifyPassword(hash: string, plain: string): Promise<boolean> {
  if (!hash) return false; // OAuth-only accounts have no password
  try {
    return await argon2.verify(hash, plain);
  } catch {
    return false;
  }
}

/** Rules on the decrypted password and its confirmation. */
export function checkNewPassword(password: string, checkPassword: string): void {
  if (password.length < PASSWORD_RULE.min || password.length > PASSWORD_RULE.max) {
    throw badRequest(`password 长度必须在 ${PASSWORD_RULE.min} 到 ${PASSWORD_RULE.max} 个字符之间`);
  }
  if (/\s/.test(password)) throw badRequest('password 不能包含空白字符');
  if (password !== checkPassword) throw badRequest('check_password 与 password 不一致');
}
