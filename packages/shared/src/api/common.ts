import { z } from 'zod';
import { pageQuery } from '../paging';
import { nameTextProblem } from '../text-rules';

/**
 * Pieces shared by several API contracts. Query parameters arrive as strings, so numbers are
 * coerced; every message names the field so the sites can show it as it is.
 */

/** A user id: a positive integer (-1 is reserved for "not logged in" and never accepted as input). */
export const UuidQuery = z.object({
  uuid: z.coerce
    .number({ error: '用户编号必须是整数' })
    .int('用户编号必须是整数')
    .min(1, '用户编号必须是正整数'),
});
export type UuidQuery = z.infer<typeof UuidQuery>;

/** `?pageNum=` alone (SPEC §7 uses it for several admin lists); the page size is the default 10. */
export const PageNumQuery = pageQuery().pick({ pageNum: true });
export type PageNumQuery = z.infer<typeof PageNumQuery>;

/** Any call that answers only the envelope with `data: null`. */
export const Empty = z.null();
export type Empty = z.infer<typeof Empty>;

/** Public RSA key (SPKI, PEM) used by the sites to encrypt passwords with RSA-OAEP (SHA-256). */
export const PublicKeyData = z.string();
export type PublicKeyData = z.infer<typeof PublicKeyData>;

/**
 * A name or title (nickname, contest, problem or question title, display name): besides the
 * schema's own rules, no control or bidi characters and not invisible-only (text-rules.ts).
 */
export const nameText = (label: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${label}不能为空` : `${label}必须是文字`) })
    .superRefine((value, ctx) => {
      const problem = nameTextProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: `${label}${problem}` });
    });
