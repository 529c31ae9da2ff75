import yazl from 'yazl';

/** Small packages built in the tests, never committed binaries. */
export async function zipOf(entries: [string, Buffer | string][]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, body] of entries) zip.addBuffer(Buffer.from(body), name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const c of zip.outputStream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
