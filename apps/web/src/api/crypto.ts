/**
 * Passwords leave the browser only as RSA-OAEP (SHA-256) ciphertext, base64, made with the server's
 * public key (PEM, SPKI). Web Crypto exists only in secure contexts (https, localhost); a school that
 * serves us on http://10.x.x.x has none, so node-forge (loaded only then) does the same encryption.
 */

function pemToDer(pem: string): Uint8Array {
  const b64 = pem.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '').replace(/\s+/g, '');
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

function toBase64(bytes: ArrayBuffer): string {
  const view = new Uint8Array(bytes);
  let bin = '';
  for (let i = 0; i < view.length; i++) bin += String.fromCharCode(view[i]);
  return btoa(bin);
}

export async function encryptWithWebCrypto(
  pem: string,
  plain: string,
  subtle: SubtleCrypto,
): Promise<string> {
  const key = await subtle.importKey(
    'spki',
    pemToDer(pem) as BufferSource,
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  );
  return toBase64(await subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(plain)));
}

export async function encryptWithForge(pem: string, plain: string): Promise<string> {
  const forge = (await import('node-forge')).default;
  const key = forge.pki.publicKeyFromPem(pem);
  // Web Crypto uses the OAEP hash for MGF1 as well; forge must be told so explicitly.
  const cipher = key.encrypt(forge.util.encodeUtf8(plain), 'RSA-OAEP', {
    md: forge.md.sha256.create(),
    mgf1: { md: forge.md.sha256.create() },
  });
  return forge.util.encode64(cipher);
}

/** Encrypts with Web Crypto when the page is a secure context, with the pure-JS fallback otherwise. */
export function encryptPassword(pem: string, plain: string): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  return subtle ? encryptWithWebCrypto(pem, plain, subtle) : encryptWithForge(pem, plain);
}
