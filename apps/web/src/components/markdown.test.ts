import { describe, expect, it } from 'vitest';
import { loadHighlight, loadMath, renderMarkdown, renderMarkdownParts } from './markdown';
import { highlightCode, highlightReady } from './highlight';

describe('statement markdown', () => {
  it('asks for KaTeX only when the text has math, showing the TeX as written meanwhile', () => {
    expect(renderMarkdownParts('没有公式，价格 $ 5 和 $ 6').needsMath).toBe(false);
    const before = renderMarkdownParts('求 $a+b$ 的值');
    expect(before.needsMath).toBe(true);
    expect(before.html).toContain('oj-math-pending');
    expect(before.html).toContain('$a+b$');
  });

  it('renders inline and displayed math with KaTeX', async () => {
    await loadMath();
    const html = renderMarkdown('求 $a+b$ 的值，其中\n\n$$\\sum_{i=1}^{n} i$$');
    expect(html).toContain('class="katex"');
    expect(html).toContain('oj-math-display');
    expect(html).not.toContain('$a+b$');
  });

  it('leaves money-like dollars alone and keeps escaped ones', () => {
    expect(renderMarkdown('价格 $ 5 和 $ 6')).toContain('$ 5');
  });

  it('never passes raw HTML through (no script in a statement)', () => {
    const html = renderMarkdown('<script>alert(1)</script><img src=x onerror=alert(1)>');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
  });

  it('asks for the grammars of fenced code in a named language only, showing it uncoloured meanwhile', () => {
    expect(renderMarkdownParts('没有代码').needsHighlight).toEqual([]);
    expect(renderMarkdownParts('```\n1 2\n```').needsHighlight).toEqual([]);
    expect(renderMarkdownParts('```text\n1 2\n```').needsHighlight).toEqual([]);
    const before = renderMarkdownParts('```cpp\nint a = 1 < 2;\n```\n\n```py\nx\n```\n\n```c++\ny\n```');
    expect(before.needsHighlight).toEqual(['c++', 'cpp', 'py']);
    expect(before.html).toContain('int a = 1 &lt; 2;');
    expect(before.html).not.toContain('hljs-type');
  });

  it('colours fenced code and source code once their grammars are loaded, and only theirs', async () => {
    await loadHighlight(['c++']);
    expect(highlightReady('cpp')).toBe(true);
    expect(highlightReady('Java')).toBe(false);
    expect(renderMarkdownParts('```cpp\nint main() {}\n```').needsHighlight).toEqual([]);
    expect(renderMarkdown('```cpp\nint main() {}\n```')).toContain('hljs-type');
    expect(renderMarkdownParts('```java\nint x;\n```').needsHighlight).toEqual(['java']);
    expect(highlightCode('print(1)', 'Python3')).toBe('print(1)');
    await loadHighlight(['Python3']);
    expect(highlightCode('print(1)', 'Python3')).toContain('hljs-built_in');
    expect(highlightCode('<b>', 'unknown')).toBe('&lt;b&gt;');
    expect(highlightReady('unknown')).toBe(true);
  });

  it('gives every code block a copy button', () => {
    const html = renderMarkdown('```\n1 2\n```');
    expect(html).toMatch(
      /^<div class="oj-pre-wrap"><button type="button" class="oj-copy">复制<\/button><pre/,
    );
  });

  it('opens links in a new tab without the opener', () => {
    expect(renderMarkdown('[x](https://example.com)')).toContain('rel="noopener noreferrer nofollow"');
  });
});
