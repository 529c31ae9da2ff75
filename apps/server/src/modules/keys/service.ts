import { fieldLabel } from '@oj/shared';
import {
  constants,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  privateDecrypt,
  type KeyObject,
} from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { badRequest } from '../../lib/errors';

/**
 * The RSA key pair the sites use to encrypt passwords in transit (SPEC §7 `getPublicKey`).
 * Made once at first start and kept in `<dataDir>/keys`, so the key survives restarts and a page
 * loaded before a restart can still log in.
 */
export interface KeysService {
  publicKeyPem: string;
  /** Decrypts a base64 RSA-OAEP (SHA-256) ciphertext; `field` names the field in the error. */
  decryptPassword(cipherText: string, field: string): string;
}

export function loadOrCreateKeys(dataDir: string): KeysService {
  const dir = join(dataDir, 'keys');
  const file = join(dir, 'password-rsa.pem');
  let privateKey: KeyObject;
  if (existsSync(file)) {
    privateKey = createPrivateKey(readFileSync(file));
  } else {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    privateKey = pair.privateKey;
    writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  }
  const publicKeyPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  return {
    publicKeyPem,
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
