import { describe, expect, it } from 'vitest';
import { safeRedirect } from './rules';

describe('safeRedirect', () => {
  it('follows same-site paths only', () => {
    expect(safeRedirect('/user?tab=1')).toBe('/user?tab=1');
    expect(safeRedirect('//evil.example/x')).toBe('/home');
    expect(safeRedirect('https://evil.example/')).toBe('/home');
    expect(safeRedirect('/user/login?redirect=/user')).toBe('/home');
    expect(safeRedirect(null)).toBe('/home');
  });
});
