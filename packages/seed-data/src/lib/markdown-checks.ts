/** Code blocks of a markdown text (their bodies), e.g. to find the samples shown in a statement. */
export function codeBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/```[^\n]*\n([\s\S]*?)```/g)].map((m) => m[1]);
}

/** `$`/`$$` delimiters outside code must pair up, or KaTeX renders the rest of the page as math. */
export function hasUnbalancedMath(markdown: string): boolean {
  const text = markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  const displays = text.match(/\$\$/g)?.length ?? 0;
  const inlines = text.replace(/\$\$/g, '').match(/\$/g)?.length ?? 0;
  return displays % 2 !== 0 || inlines % 2 !== 0;
}
