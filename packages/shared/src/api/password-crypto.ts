/**
 * Password encryption for transport (SPEC §7 getPublicKey): RSA-OAEP with SHA-256 over the key the
 * server gives as PEM (SPKI). Web Crypto only, so the same code runs in the sites and in Node 20.
 * Returns base64, the form every `password` / `check_password` field of the API expects.
 */
export async function encryptPassword(publicKeyPem: string, password: string): Promise<string> {
  const b64 = publicKeyPem.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '').replace(/\s+/g, '');
  const der = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  const key = await crypto.subtle.importKey('spki', der, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, [
    'encrypt',
  ]);
  const cipher = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(password)),
  );
  let bin = '';
  for (const byte of cipher) bin += String.fromCharCode(byte);
  return btoa(bin);
}
