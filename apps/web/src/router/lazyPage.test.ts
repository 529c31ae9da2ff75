import { describe, expect, it } from 'vitest';
import { isChunkLoadError } from './lazyPage';

describe('isChunkLoadError', () => {
  it('recognises the failed dynamic import of every major browser', () => {
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: http://x/assets/a.js')),
    ).toBe(true); // Chromium
    expect(
      isChunkLoadError(new TypeError('error loading dynamically imported module: http://x/assets/a.js')),
    ).toBe(true); // Firefox
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true); // Safari
  });

  it('leaves other errors to the error page', () => {
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('boom')).toBe(false);
  });
});
