import { randomBytes } from 'node:crypto';
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

/**
 * `verifyPassword` that costs the same whether or not there is a hash to verify: without one (no
 * such account, or an OAuth-only account) it verifies against a decoy hash of the configured cost
 * and answers false. Otherwise a login for an unknown account answers in ~4 ms and one with a wrong
 * password in ~30 ms, and the difference tells which accounts exist.
 */
export function constantTimeVerifier(cost: Argon2Cost) {
  const decoy = hashPassword(randomBytes(16).toString('hex'), cost);
  return async function verify(hash: string | undefined, plain: string): Promise<boolean> {
    if (hash) return verifyPassword(hash, plain);
    await verifyPassword(await decoy, plain);
    return false;
  };
}

/** Rules on the decrypted password (`password`) and its confirmation (`check_password`). */
export function checkNewPassword(password: string, checkPassword: string): void {
  if (password.length < PASSWORD_RULE.min || password.length > PASSWORD_RULE.max) {
    throw badRequest(`密码长度必须在 ${PASSWORD_RULE.min} 到 ${PASSWORD_RULE.max} 个字符之间`, 'password');
  }
  if (/\s/.test(password)) throw badRequest('密码不能包含空白字符', 'password');
  if (password !== checkPassword) throw badRequest('两次输入的密码不一致', 'check_password');
}
