import { describe, expect, it } from 'vitest';
import { plainExcerpt, plainText, texAsText } from './plain-text';

// Issue 29 item 6: excerpts and summaries are plain text, formulas read as text.
describe('plain text of markdown', () => {
  it('drops markup and reads formulas as text', () => {
    expect(plainText('## 题目描述\n\n**并查集** 的复杂度是 $O(n\\,\\alpha(n))$。')).toBe(
      '题目描述 并查集 的复杂度是 O(n α(n))。',
    );
    expect(plainText('$1 \\le n \\le 10^5$，见 [题解](https://x.y) ![图](a.png)')).toBe(
      '1 ≤ n ≤ 10^5，见 题解 [图片]',
    );
    expect(plainText('```cpp\nint main(){}\n```\n$$\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}$$')).toBe(
      '[代码] ∑_i=1^n i = n(n+1)/2',
    );
    expect(plainText('- 一\n- 二\n> 引用 `code` ~~删~~')).toBe('一 二 引用 code 删');
  });

  it('keeps a lone dollar and cuts excerpts', () => {
    expect(plainText('价格 $5 元')).toBe('价格 $5 元');
    expect(texAsText('\\text{mod}\\ 998244353')).toBe('mod 998244353');
    expect(plainExcerpt('## 标题\n' + '字'.repeat(20), 10)).toBe(`标题 ${'字'.repeat(6)}…`);
  });
});
