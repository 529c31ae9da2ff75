// Output-only (提交答案) problems: the answer files a solver picks, one per test, or a zip of them.

/** `3.out`, `out3.txt`, `answer_03.out` → 3: the last number in the file's base name; null if none. */
export function answerTestOf(fileName: string): number | null {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const digits = base.replace(/\.[^.]*$/, '').match(/\d+/g);
  if (!digits) return null;
  const n = Number(digits[digits.length - 1]);
  return Number.isSafeInteger(n) && n >= 1 ? n : null;
}

export interface ZipEntry {
  name: string;
  bytes: Uint8Array;
}

async function inflateRaw(data: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([data as BlobPart]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/**
 * The files of a zip archive (stored or deflated entries; folders skipped), read from its central
 * directory. Throws a Chinese message when it is not a zip this can read.
 */
export async function readZip(zip: Uint8Array): Promise<ZipEntry[]> {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 65535); i--)
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  if (end < 0) throw new Error('不是有效的 zip 文件');
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const decoder = new TextDecoder();
  const out: ZipEntry[] = [];
  for (let k = 0; k < count; k++) {
    if (view.getUint32(at, true) !== 0x02014b50) throw new Error('zip 文件的目录已损坏');
    const method = view.getUint16(at + 10, true);
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    const name = decoder.decode(zip.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;
    if (name.endsWith('/')) continue;
    const dataAt = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const data = zip.subarray(dataAt, dataAt + size);
    if (method === 0) out.push({ name, bytes: data });
    else if (method === 8) out.push({ name, bytes: await inflateRaw(data) });
    else throw new Error(`zip 中的文件 ${name} 使用了不支持的压缩方式`);
  }
  return out;
}

export interface PickedAnswer {
  test: number;
  /** The file it came from (shown beside the test). */
  from: string;
  content: string;
}

/**
 * The answers in the picked files: a zip gives its entries, other files themselves; each goes to
 * the test its name numbers. Files without a number are listed as skipped.
 */
export async function answersFromFiles(
  files: { name: string; bytes: () => Promise<Uint8Array> }[],
): Promise<{ answers: PickedAnswer[]; skipped: string[] }> {
  const decoder = new TextDecoder();
  const answers: PickedAnswer[] = [];
  const skipped: string[] = [];
  const take = (name: string, bytes: Uint8Array) => {
    const test = answerTestOf(name);
    if (test === null) skipped.push(name);
    else answers.push({ test, from: name, content: decoder.decode(bytes) });
  };
  for (const f of files) {
    const bytes = await f.bytes();
    if (/\.zip$/i.test(f.name)) for (const e of await readZip(bytes)) take(e.name, e.bytes);
    else take(f.name, bytes);
  }
  return { answers, skipped };
}
