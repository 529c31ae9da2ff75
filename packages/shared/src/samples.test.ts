import { describe, expect, it } from 'vitest';
import { samplesInText } from './samples';

describe('samples written in the statement', () => {
  const samples = [{ input: '1 2\n', output: '3\n' }];
  it('are recognised so they are not shown twice', () => {
    expect(samplesInText('## 样例\n\n```\n1 2\n```\n\n```\n3\n```', samples)).toBe(true);
  });
  it('missing ones are shown separately', () => {
    expect(samplesInText('输入两个整数。', samples)).toBe(false);
    expect(samplesInText('```\n1 2\n```', samples)).toBe(false);
    expect(samplesInText('anything', [])).toBe(false);
  });
});
