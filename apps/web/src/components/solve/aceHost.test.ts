import { describe, expect, it } from 'vitest';
import { withSnippet } from './aceHost';

describe('withSnippet (a snippet placed in the plain box before Ace has loaded)', () => {
  const code = 'int a;\n\nint main() {}';
  it('goes onto an empty line where the cursor is', () => {
    expect(withSnippet(code, 7, 'X\n')).toBe('int a;\nX\n\nint main() {}');
  });
  it('goes after the cursor line otherwise', () => {
    expect(withSnippet(code, 2, 'X\n')).toBe('int a;\nX\n\nint main() {}');
    expect(withSnippet('a\nb\nc', 2, 'X\n')).toBe('a\nb\nX\nc');
  });
  it('goes after the last line on a new line', () => {
    expect(withSnippet(code, code.length, 'X\n')).toBe(`${code}\nX\n`);
    expect(withSnippet('', 0, 'X\n')).toBe('X\n');
  });
});
