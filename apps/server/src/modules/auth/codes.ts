import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { badRequest } from '../../lib/errors';
import { isoIn, nowIso } from '../../lib/time';
import type { CodesDeps } from './deps';
import * as repo from './repo';

/** Wrong guesses allowed per code: 6 digits must not be brute-forced within its 10 minutes. */
const MAX_ATTEMPTS = 5;

/** The one answer to any failed code check, and to a code check that cannot succeed (see auth). */
export const codeRejected = () => badRequest('验证码错误或已过期，请重新获取', 'code');

const hashCode = (email: string, code: string) =>
  createHash('sha256').update(`${email}\n${code}`).digest('hex');

/** E-mail verification codes: 6 digits, valid 10 minutes, single use, stored hashed. */
export async function sendCode(d: CodesDeps, email: string): Promise<void> {
  const address = email.toLowerCase();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  // A new code replaces the older ones: only the latest mail is valid.
  await repo.retireCodes(d.db, address, nowIso(d.clock));
  await repo.insertCode(d.db, {
    email: address,
    code_hash: hashCode(address, code),
    created_at: nowIso(d.clock),
    expires_at: isoIn(d.ttlMs, d.clock),
  });
  await d.mailer.send({
    to: address,
    subject: `【${d.siteName}】验证码 ${code}`,
    text: `您好！\n\n您的验证码是：${code}\n\n验证码 10 分钟内有效，只能使用一次。如果这不是您本人的操作，请忽略此邮件。\n`,
  });
}

/** Consumes the code or throws `codeRejected`. */
export async function consumeCode(d: CodesDeps, email: string, code: string): Promise<void> {
  const address = email.toLowerCase();
  const row = await repo.liveCode(d.db, address, nowIso(d.clock));
  if (!row || row.attempts >= MAX_ATTEMPTS) throw codeRejected();
  const expected = Buffer.from(row.code_hash, 'hex');
  const given = Buffer.from(hashCode(address, code), 'hex');
  if (!timingSafeEqual(expected, given)) {
    await repo.setCodeAttempts(d.db, row.id, row.attempts + 1);
    throw codeRejected();
  }
  // Conditional update: of two concurrent uses of the same code only one wins.
  if (!(await repo.useCode(d.db, row.id, nowIso(d.clock)))) throw codeRejected();
}
