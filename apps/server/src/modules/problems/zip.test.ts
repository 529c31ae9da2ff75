import yazl from 'yazl';
import { describe, expect, it } from 'vitest';
import { readTestZip, writeTestZip } from './zip';

async function zipOf(entries: [string, Buffer | string][], compress = true): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, body] of entries) {
    if (name.endsWith('/')) zip.addEmptyDirectory(name);
    else zip.addBuffer(Buffer.from(body), name, { compress });
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const c of zip.outputStream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** Same-length rename inside the raw bytes (local header and central directory): names yazl refuses to write. */
const rename = (zip: Buffer, from: string, to: string) =>
  Buffer.from(zip.toString('latin1').split(from).join(to), 'latin1');

const small = { testCountMax: 5, testFileMaxBytes: 1024, testTotalMaxBytes: 4096 };
const text = (pairs: { input: Buffer; output: Buffer }[]) =>
  pairs.map((p) => [p.input.toString(), p.output.toString()]);

describe('test data zip', () => {
  it('reads N.in / N.out in numeric order, at the top or inside one folder, and writes them back', async () => {
    const top = await zipOf([
      ['10.in', '10'],
      ['2.in', '2'],
      ['2.out', 'two'],
      ['10.out', 'ten'],
      ['__MACOSX/._2.in', 'junk'],
    ]);
    expect(text(await readTestZip(top))).toEqual([
      ['2', 'two'],
      ['10', 'ten'],
    ]);
    const folder = await zipOf([
      ['data/', ''],
      ['data/1.in', 'a'],
      ['data/1.out', 'b'],
    ]);
    expect(text(await readTestZip(folder))).toEqual([['a', 'b']]);
    const back = await writeTestZip([{ input: Buffer.from('x'), output: Buffer.from('y') }]);
    expect(text(await readTestZip(back))).toEqual([['x', 'y']]);
  });

  it('reads names written with backslashes (older Windows zip tools) as folders, and still refuses traversal', async () => {
    const windows = rename(
      await zipOf([
        ['data/1.in', '1 2'],
        ['data/1.out', '3'],
      ]),
      'data/',
      'data\\',
    );
    expect(text(await readTestZip(windows))).toEqual([['1 2', '3']]);
    const traversal = rename(
      await zipOf([
        ['zzz/1.in', '1'],
        ['zzz/1.out', '1'],
      ]),
      'zzz/',
      '..\\',
    );
    await expect(readTestZip(traversal)).rejects.toThrow(/不合法|不是有效的 zip/);
  });

  it('refuses bad names, path traversal, absolute paths, missing halves and non-zips', async () => {
    await expect(readTestZip(Buffer.from('not a zip at all'))).rejects.toThrow(/不是有效的 zip/);
    await expect(readTestZip(await zipOf([['a.txt', '1']]))).rejects.toThrow(/「a.txt」不合法/);
    const traversal = rename(
      await zipOf([
        ['zz/1.in', '1'],
        ['zz/1.out', '1'],
      ]),
      'zz/',
      '../',
    );
    await expect(readTestZip(traversal)).rejects.toThrow(/不合法|不是有效的 zip/);
    const absolute = rename(
      await zipOf([
        ['z1.in', '1'],
        ['z1.out', '1'],
      ]),
      'z1.',
      '/1.',
    );
    await expect(readTestZip(absolute)).rejects.toThrow(/不合法|不是有效的 zip/);
    await expect(readTestZip(await zipOf([['1.in', '1']]))).rejects.toThrow(/缺少 1.out/);
    await expect(
      readTestZip(
        await zipOf([
          ['a/1.in', '1'],
          ['b/1.out', '1'],
        ]),
      ),
    ).rejects.toThrow(/同一个文件夹/);
    await expect(readTestZip(await zipOf([['x/', '']]))).rejects.toThrow(/没有测试数据/);
  });

  it('stops zip bombs by declared and actual size and by entry count', async () => {
    // 1 MiB of zeros deflates to about 1 KiB: the declared size is refused before inflating.
    const bomb = await zipOf([
      ['1.in', Buffer.alloc(1 << 20)],
      ['1.out', '0'],
    ]);
    expect(bomb.length).toBeLessThan(8192);
    await expect(readTestZip(bomb, small)).rejects.toThrow(/超过/);
    const many = await zipOf(
      Array.from({ length: 4 }, (_, i) => [
        [`${i + 1}.in`, Buffer.alloc(900)],
        [`${i + 1}.out`, Buffer.alloc(900)],
      ]).flat() as [string, Buffer][],
    );
    await expect(readTestZip(many, small)).rejects.toThrow(/解压后超过/);
    const count = await zipOf(Array.from({ length: 40 }, (_, i) => [`${i}.in`, 'x'] as [string, string]));
    await expect(readTestZip(count, small)).rejects.toThrow(/过多/);
  });
});
