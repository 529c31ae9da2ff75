import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { badRequest } from '../../lib/errors';
import { isoIn, nowIso, systemClock, type Clock } from '../../lib/time';
import type { Mailer } from '../mail';

/** Wrong guesses allowed per code: 6 digits must not be brute-forced within its 10 minutes. */
const MAX_ATTEMPTS = 5;

/** The one answer to any failed code check, and to a code check that cannot succeed (see auth). */
export const codeRejected = () => badRequest('验证码错误或已过期，请重新获取', 'code');

const hashCode = (email: string, code: string) =>
  createHash('sha256').update(`${email}\n${code}`).digest('hex');

/** E-mail verification codes: 6 digits, valid 10 minutes, single use, stored hashed. */
export function createCodesService(
  db: Kysely<Database>,
  mailer: Mailer,
  ttlMs: number,
  clock: Clock = systemClock,
) {
  return {
    async send(email: string): Promise<void> {
      const address = email.toLowerCase();
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      // A new code replaces the older ones: only the latest mail is valid.
      await db
        .updateTable('email_codes')
        .set({ used_at: nowIso(clock) })
        .where('email', '=', address)
        .where('used_at', 'is', null)
        .execute();
      await db
        .insertInto('email_codes')
        .values({
          email: address,
          code_hash: hashCode(address, code),
          created_at: nowIso(clock),
          expires_at: isoIn(ttlMs, clock),
          used_at: null,
          attempts: 0,
        })
        .execute();
      await mailer.send({
        to: address,
        subject: `【在线评测】验证码 ${code}`,
        text: `您好！\n\n您的验证码是：${code}\n\n验证码 10 分钟内有效，只能使用一次。如果这不是您本人的操作，请忽略此邮件。\n`,
      });
    },

    /** Consumes the code or throws `codeRejected`. */
    async consume(email: string, code: string): Promise<void> {
      const address = email.toLowerCase();
      const row = await db
        .selectFrom('email_codes')
        .selectAll()
        .where('email', '=', address)
        .where('used_at', 'is', null)
        .where('expires_at', '>', nowIso(clock))
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (!row || row.attempts >= MAX_ATTEMPTS) throw codeRejected();
      const expected = Buffer.from(row.code_hash, 'hex');
      const given = Buffer.from(hashCode(address, code), 'hex');
      if (!timingSafeEqual(expected, given)) {
        await db
          .updateTable('email_codes')
          .set({ attempts: row.attempts + 1 })
          .where('id', '=', row.id)
          .execute();
        throw codeRejected();
      }
      // Conditional update: of two concurrent uses of the same code only one wins.
      const res = await db
        .updateTable('email_codes')
        .set({ used_at: nowIso(clock) })
        .where('id', '=', row.id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) throw codeRejected();
    },
  };
}
export type CodesService = ReturnType<typeof createCodesService>;
