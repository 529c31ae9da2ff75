import { describe, expect, it } from 'vitest';
import { firstWithinWindow, TOAST_DEDUPE_MS } from './notify';

describe('toast dedupe', () => {
  it('shows the same toast once within the window, again after it, and different ones always', () => {
    const t0 = 1_000_000;
    expect(firstWithinWindow('error', '比赛尚未开始', t0)).toBe(true);
    expect(firstWithinWindow('error', '比赛尚未开始', t0 + 10)).toBe(false);
    expect(firstWithinWindow('warning', '比赛尚未开始', t0 + 20)).toBe(true);
    expect(firstWithinWindow('error', '另一个错误', t0 + 30)).toBe(true);
    expect(firstWithinWindow('error', '比赛尚未开始', t0 + TOAST_DEDUPE_MS)).toBe(true);
  });
});
