import { describe, expect, it } from 'vitest';
import { deflateRawSync } from 'node:zlib';
import { answerTestOf, answersFromFiles, readZip } from './answers';

/** A zip built by hand (the format's local headers and central directory), stored or deflated. */
function zipOf(entries: { name: string; text: string; deflate?: boolean }[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const raw = Buffer.from(e.text);
    const data = e.deflate ? deflateRawSync(raw) : raw;
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(e.deflate ? 8 : 0, 8);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(raw.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(e.deflate ? 8 : 0, 10);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(raw.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += 30 + name.length + data.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, dir, end]));
}

describe('output-only answer files', () => {
  it('numbers a file by the last number of its name', () => {
    expect(answerTestOf('3.out')).toBe(3);
    expect(answerTestOf('answers/out12.txt')).toBe(12);
    expect(answerTestOf('data2_07.out')).toBe(7);
    expect(answerTestOf('readme.txt')).toBeNull();
    expect(answerTestOf('0.out')).toBeNull();
  });

  it('reads stored and deflated zip entries, skipping folders', async () => {
    const zip = zipOf([
      { name: 'out/', text: '' },
      { name: 'out/1.out', text: '42\n' },
      { name: 'out/2.out', text: 'x'.repeat(1000), deflate: true },
    ]);
    const entries = await readZip(zip);
    expect(entries.map((e) => e.name)).toEqual(['out/1.out', 'out/2.out']);
    expect(new TextDecoder().decode(entries[1].bytes)).toBe('x'.repeat(1000));
    await expect(readZip(new Uint8Array(30))).rejects.toThrow('不是有效的 zip 文件');
  });

  it('maps picked files and zips to tests, naming what it skipped', async () => {
    const file = (name: string, bytes: Uint8Array) => ({ name, bytes: async () => bytes });
    const { answers, skipped } = await answersFromFiles([
      file(
        'all.zip',
        zipOf([
          { name: '2.out', text: 'two' },
          { name: 'notes.txt', text: '' },
        ]),
      ),
      file('1.out', new TextEncoder().encode('one')),
    ]);
    expect(answers).toEqual([
      { test: 2, from: '2.out', content: 'two' },
      { test: 1, from: '1.out', content: 'one' },
    ]);
    expect(skipped).toEqual(['notes.txt']);
  });
});
