import { z } from 'zod';
import { pageQuery } from '../paging';

/**
 * Pieces shared by several API contracts. Query parameters arrive as strings, so numbers are
 * coerced; every message names the field so the sites can show it as it is.
 */

/** A user id: a positive integer (-1 is reserved for "not logged in" and never accepted as input). */
export const UuidQuery = z.object({
  uuid: z.coerce.number({ error: 'uuid 必须是整数' }).int('uuid 必须是整数').min(1, 'uuid 必须是正整数'),
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
