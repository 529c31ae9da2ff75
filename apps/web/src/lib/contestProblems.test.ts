import { describe, expect, it } from 'vitest';
import { letterOf, moveProblem, reletter } from './contestProblems';

const p = (id: number, display_name: string, title = '') => ({ problem_id: id, name: `题${id}`, display_name, title });

describe('wizard problem order', () => {
  it('letters by position', () => {
    expect([0, 1, 25].map(letterOf)).toEqual(['A', 'B', 'Z']);
  });
  it('moves a problem: the letters follow the positions, the titles follow their problems', () => {
    const list = [p(1, 'A'), p(2, 'B'), p(3, 'C', '签到题')];
    expect(moveProblem(list, 1, 0)).toEqual([p(2, 'A'), p(1, 'B'), p(3, 'C', '签到题')]);
    expect(moveProblem(list, 2, 0)).toEqual([p(3, 'A', '签到题'), p(1, 'B'), p(2, 'C')]);
  });
  it('ignores moves past either end', () => {
    const list = [p(1, 'A'), p(2, 'B')];
    expect(moveProblem(list, 0, -1)).toBe(list);
    expect(moveProblem(list, 1, 2)).toBe(list);
  });
  it('re-letters after a removal, keeping the titles', () => {
    expect(reletter([p(1, 'A'), p(3, 'C', '签到题'), p(5, 'Z')])).toEqual([p(1, 'A'), p(3, 'B', '签到题'), p(5, 'C')]);
  });
});
