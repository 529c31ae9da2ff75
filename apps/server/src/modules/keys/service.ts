import { fieldLabel } from '@oj/shared';
import {
  constants,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  privateDecrypt,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { type AnyTx, scoped } from '../../db/scoped';
import { badRequest } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { KEYS_TABLES, type KeysTables } from './tables';

/**
 * The install's shared secrets (SPEC §7 `getPublicKey`): the RSA key pair the sites use to encrypt
 * passwords in transit, the key that signs video play URLs and the Contest API's token key. Kept in the database
 * (`install_secrets`), so every node of an install has the same ones: a page that took one node's
 * public key logs in through any node, and a play URL issued by one node plays on all. The first
 * node to start makes them; an install from before keeps those of `<dataDir>/keys`.
 */
export interface KeysService {
  publicKeyPem: string;
  /** HMAC key of the video play URLs (courses; OJ_VIDEO_URL_KEY, when set, wins). */
  videoUrlKey: Buffer;
  /** HMAC key of the Contest API's bearer tokens (contest-api). */
  contestApiTokenKey: Buffer;
  /** Decrypts a base64 RSA-OAEP (SHA-256) ciphertext; `field` names the field in the error. */
  decryptPassword(cipherText: string, field: string): string;
}

/** The stored secret `name`, or the one `make` gives, stored unless another node stored one first. */
async function shared(db: Kysely<KeysTables>, name: string, make: () => string): Promise<string> {
  const read = () =>
    db.selectFrom('install_secrets').select('value').where('name', '=', name).executeTakeFirst();
  const found = await read();
  if (found) return found.value;
  await db
    .insertInto('install_secrets')
    .values({ name, value: make(), create_time: nowIso() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  return (await read())!.value;
}

/** A secret kept in a file of `<dataDir>/keys` before 043, else a new one. */
function fileOr(dataDir: string, file: string, make: () => string, encode: (b: Buffer) => string): string {
  const path = join(dataDir, 'keys', file);
  return existsSync(path) ? encode(readFileSync(path)) : make();
}

export async function loadOrCreateKeys(db: AnyTx, dataDir: string): Promise<KeysService> {
  const secrets = scoped(db, KEYS_TABLES);
  const pem = await shared(secrets, 'password-rsa', () =>
    fileOr(
      dataDir,
      'password-rsa.pem',
      () =>
        generateKeyPairSync('rsa', { modulusLength: 2048 })
          .privateKey.export({ type: 'pkcs8', format: 'pem' })
          .toString(),
      (b) => b.toString('utf8'),
    ),
  );
  const videoUrlKey = await shared(secrets, 'video-url', () =>
    fileOr(
      dataDir,
      'video-url.key',
      () => randomBytes(32).toString('base64'),
      (b) => b.toString('base64'),
    ),
  );
  const contestApiTokenKey = await shared(secrets, 'contest-api-token', () =>
    fileOr(
      dataDir,
      'contest-api-token.key',
      () => randomBytes(32).toString('base64'),
      (b) => Buffer.from(b.toString('utf8').trim(), 'hex').toString('base64'),
    ),
  );
  const privateKey: KeyObject = createPrivateKey(pem);
  const publicKeyPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  return {
    publicKeyPem,
    videoUrlKey: Buffer.from(videoUrlKey, 'base64'),
    contestApiTokenKey: Buffer.from(contestApiTokenKey, 'base64'),
    decryptPassword(cipherText, field) {
      let plain: Buffer;
      try {
        plain = privateDecrypt(
          { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
          Buffer.from(cipherText, 'base64'),
        );
      } catch {
        throw badRequest(`${fieldLabel([field])}解密失败，请刷新页面后重试`, field);
      }
      return plain.toString('utf8');
    },
  };
}
