/**
 * Markdown with KaTeX as plain text, for excerpts and summaries shown as text only (search hits,
 * post summaries, notifications): issue 29 wants no `## 题目描述`, `**…**` or `$O(n\,\alpha(n))$`
 * there. One function for every place that makes such a text.
 */

/** TeX commands read as the symbol they draw. */
// prettier-ignore
const TEX_SYMBOLS: Record<string, string> = {
  alpha: 'α', beta: 'β', gamma: 'γ', delta: 'δ', epsilon: 'ε', varepsilon: 'ε', zeta: 'ζ', eta: 'η',
  theta: 'θ', lambda: 'λ', mu: 'μ', pi: 'π', rho: 'ρ', sigma: 'σ', tau: 'τ', phi: 'φ', varphi: 'φ',
  omega: 'ω', Delta: 'Δ', Sigma: 'Σ', Omega: 'Ω', Theta: 'Θ', Phi: 'Φ', Pi: 'Π',
  le: '≤', leq: '≤', ge: '≥', geq: '≥', ne: '≠', neq: '≠', lt: '<', gt: '>', approx: '≈', equiv: '≡',
  times: '×', cdot: '·', div: '÷', pm: '±', sim: '~', infty: '∞', sum: '∑', prod: '∏',
  ldots: '…', cdots: '…', dots: '…', to: '→', rightarrow: '→', leftarrow: '←', Rightarrow: '⇒',
  in: '∈', notin: '∉', subseteq: '⊆', cup: '∪', cap: '∩', emptyset: '∅', forall: '∀', exists: '∃',
  oplus: '⊕', land: '∧', lor: '∨', neg: '¬', mid: '|', sqrt: '√',
  lfloor: '⌊', rfloor: '⌋', lceil: '⌈', rceil: '⌉', langle: '⟨', rangle: '⟩',
};

/** One formula's TeX as text: `O(n\,\alpha(n))` → `O(n α(n))`, `\frac{a}{b}` → `a/b`. */
export function texAsText(tex: string): string {
  return tex
    .replace(/\\[{}$%&_#]/g, (m) => m[1])
    .replace(/\\[,;:! ]|~/g, ' ')
    .replace(/\\[dt]?frac\s*\{([^{}]*)\}\s*\{([^{}]*)\}/g, '$1/$2')
    .replace(/\\(?:left|right|big|Big|bigg|Bigg)\b\s*/g, '')
    .replace(/\\(?:text|mathrm|mathbf|mathit|operatorname|textbf|texttt|boldsymbol)\s*\{([^{}]*)\}/g, '$1')
    .replace(/\\([A-Za-z]+)/g, (_m, name: string) => TEX_SYMBOLS[name] ?? name)
    .replace(/[{}]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Markdown as plain text: code blocks and images as markers, formulas as text, markup removed. HTML
 * stays (the sites render Markdown with `html: false`: it shows as text there too).
 */
export function plainText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?(```|$)/g, ' [代码] ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' [图片] ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\$\$([\s\S]*?)\$\$/g, (_m, tex: string) => ` ${texAsText(tex)} `)
    .replace(/\$([^$\n]+?)\$/g, (_m, tex: string) => texAsText(tex))
    .replace(/^\s{0,3}(#{1,6}|>+|[-+*]|\d+\.)\s+/gm, '')
    .replace(/^\s*(-{3,}|\*{3,}|_{3,})\s*$/gm, ' ')
    .replace(/\*\*|__|~~|`/g, '')
    .replace(/\|/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The start of a markdown text as plain text for a one-line preview (at most `max` characters). */
export function plainExcerpt(markdown: string, max: number): string {
  const plain = plainText(markdown);
  return [...plain].length > max ? `${[...plain].slice(0, max - 1).join('')}…` : plain;
}
