import { describe, expect, it } from 'vitest';
import { formatPoints, fullScoreOf, languageText, scoreText, testScoreText } from './score';

describe('record scores', () => {
  it('shows a score over the full score, nothing when not scored', () => {
    expect(scoreText({ score: 60, full_score: 100 })).toBe('60 / 100');
    expect(scoreText({ score: 100 / 3, full_score: 100 })).toBe('33.33 / 100');
    expect(scoreText({ score: null, full_score: null })).toBe('');
    expect(formatPoints(12.5)).toBe('12.5');
  });

  it('names a partly correct test with its share and points', () => {
    expect(testScoreText({ score: { fraction: 0.6, earned: 6 } })).toBe('部分正确 60% · 6 分');
    expect(testScoreText({ score: { fraction: 0.6, earned: null } })).toBe('部分正确 60%');
    expect(testScoreText({ score: { fraction: 1, earned: 10 } })).toBe('10 分');
    expect(testScoreText({ score: { fraction: 1, earned: null } })).toBe('满分');
    expect(testScoreText({ score: { fraction: 0, earned: null } })).toBe('0 分');
    expect(testScoreText({ score: null })).toBe('');
  });

  it('calls answers without a program 提交答案', () => {
    expect(languageText(null, null)).toBe('提交答案');
    expect(languageText('Python3', null)).toBe('Python3');
  });

  it("works out a problem's full score as the judge does", () => {
    expect(fullScoreOf(null, 5)).toBeNull();
    expect(fullScoreOf({ full_score: 50 }, 5)).toBe(50);
    expect(
      fullScoreOf(
        {
          subtasks: [
            { points: 30, tests: [1] },
            { points: 40, tests: [2] },
          ],
        },
        2,
      ),
    ).toBe(70);
    expect(fullScoreOf({ test_points: [10, 20] }, 2)).toBe(30);
    expect(fullScoreOf({ test_points: [10] }, 2)).toBe(100);
    expect(fullScoreOf({}, 3)).toBe(100);
  });
});
