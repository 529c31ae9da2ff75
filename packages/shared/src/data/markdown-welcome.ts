/**
 * The document a first visit of /markdown opens, showing what the renderer does. Shared: the
 * server writes its rendering into that page (sites/first-paints.ts), so a first visit shows the
 * preview without downloading the renderer, KaTeX or highlight.js.
 */
export const MARKDOWN_WELCOME = [
  '# 欢迎使用 Markdown 编辑器',
  '',
  '左边写，右边实时预览；内容**自动保存**在本机浏览器里，可以导出为 `.md` 文件。',
  '',
  '## 数学公式',
  '',
  '行内公式 $a^2 + b^2 = c^2$，独立公式：',
  '',
  '$$\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}$$',
  '',
  '## 代码',
  '',
  '```cpp',
  '#include <bits/stdc++.h>',
  'int main() { std::cout << "Hello" << std::endl; }',
  '```',
  '',
  '| 复杂度 | 说明 |',
  '| --- | --- |',
  '| $O(n \\log n)$ | 归并排序 |',
].join('\n');
