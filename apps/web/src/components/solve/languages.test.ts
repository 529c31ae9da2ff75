import { describe, expect, it } from 'vitest';
import type { JudgeLanguage } from '../../lib/contract';
import { factorNotes } from './languages';

const lang = (name: JudgeLanguage['name'], over: Partial<JudgeLanguage> = {}): JudgeLanguage => ({
  name,
  source_file: '',
  compile: '',
  run: '',
  version: '',
  available: true,
  time_factor: 1,
  memory_factor: 1,
  memory_extra_mib: 0,
  ...over,
});

describe("the statement's per-language limits", () => {
  const problem = { time_limit: 1000, memory_limit: 256, languages: null };

  it('names each offered language whose factors are not 1, with the limits it gets', () => {
    const notes = factorNotes(
      [
        lang('C++'),
        lang('Python3', { time_factor: 3, memory_factor: 2 }),
        lang('Ruby', { time_factor: 2, available: false }),
      ],
      problem,
    );
    expect(notes).toEqual(['Python3：3000 ms / 512 MiB（×3 / ×2）']);
  });

  it('leaves out the languages the problem does not take', () => {
    const notes = factorNotes([lang('Python3', { time_factor: 3 }), lang('Java', { time_factor: 2 })], {
      ...problem,
      languages: ['C', 'Java'],
    });
    expect(notes).toEqual(['Java：2000 ms / 256 MiB（×2 / ×1）']);
  });
});
