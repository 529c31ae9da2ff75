import { describe, expect, it } from 'vitest';
import { LANGUAGES, Role, VERDICTS } from './enums';

describe('enums of the API contract', () => {
  it('keeps the exact names and numbers of SPEC §3, §4 and §6', () => {
    expect(VERDICTS).toEqual(['AC', 'CE', 'WA', 'MLE', 'TLE', 'OLE', 'Sign', 'IE', 'PE', 'PD']);
    // SPEC's six first, then the languages of issue 25.
    expect(LANGUAGES.slice(0, 6)).toEqual(['C', 'C++', 'Python3', 'Java', 'Go', 'JavaScript']);
    expect(LANGUAGES.slice(6)).toEqual([
      'PyPy3',
      'Rust',
      'Pascal',
      'C#',
      'Ruby',
      'PHP',
      'Lua',
      'Haskell',
      'Kotlin',
    ]);
    expect(Role).toEqual({ NotLogin: 0, User: 1, Admin: 2, Ban: 3 });
  });
});
