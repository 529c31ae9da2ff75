/**
 * The start of a markdown text as plain text for a one-line preview: code blocks, images and
 * link targets dropped, markup characters removed, whitespace collapsed. It is shown as text only.
 */
export function plainExcerpt(markdown: string, max: number): string {
  const plain = markdown
    .replace(/```[\s\S]*?(```|$)/g, ' [代码] ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' [图片] ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\$\$[\s\S]*?\$\$/g, ' [公式] ')
    .replace(/^\s{0,3}(#{1,6}|>+|[-+*]|\d+\.)\s+/gm, '')
    .replace(/(\*\*|~~|[*`|])/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return [...plain].length > max ? `${[...plain].slice(0, max - 1).join('')}…` : plain;
}

