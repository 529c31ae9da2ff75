import { describe, expect, it } from 'vitest';
import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { encryptWithForge, encryptWithWebCrypto } from './crypto';

// The server decrypts with OAEP/SHA-256; both browser paths must produce ciphertext it accepts.
const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
const decrypt = (b64: string) =>
  privateDecrypt(
    { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(b64, 'base64'),
  ).toString('utf8');

describe('password encryption', () => {
  it('Web Crypto ciphertext decrypts to the password', async () => {
    expect(decrypt(await encryptWithWebCrypto(pem, 'Pässwörd-密码1', globalThis.crypto.subtle))).toBe(
      'Pässwörd-密码1',
    );
  });

  it('the node-forge fallback (insecure http contexts) decrypts to the password too', async () => {
    const a = await encryptWithForge(pem, 'Pässwörd-密码1');
    const b = await encryptWithForge(pem, 'Pässwörd-密码1');
    expect(decrypt(a)).toBe('Pässwörd-密码1');
    expect(a).not.toBe(b); // OAEP is randomised
  });
});
