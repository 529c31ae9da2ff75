import { fileTypeFromBuffer } from 'file-type';
import { describe, expect, it } from 'vitest';
import { gradientPng } from './png';

describe('generated PNG', () => {
  it('is a real PNG, deterministic, with the right size in its header', async () => {
    const a = gradientPng(64, 32, [0, 0, 0], [255, 255, 255]);
    expect(await fileTypeFromBuffer(a)).toEqual({ ext: 'png', mime: 'image/png' });
    expect(a.readUInt32BE(16)).toBe(64);
    expect(a.readUInt32BE(20)).toBe(32);
    expect(gradientPng(64, 32, [0, 0, 0], [255, 255, 255]).equals(a)).toBe(true);
  });
});
