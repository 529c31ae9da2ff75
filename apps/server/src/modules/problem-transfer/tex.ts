/**
 * Polygon statements are LaTeX fragments. Our statements are markdown with KaTeX math, so the
 * formulas ($…$, $$…$$) stay as they are and the common text commands become markdown; anything
 * else is left for the admin to check (the import says so).
 */
const COMMANDS: [RegExp, string][] = [
  [/\\textbf\{([^{}]*)\}/g, '**$1**'],
  [/\\(?:textit|emph)\{([^{}]*)\}/g, '*$1*'],
  [/\\texttt\{([^{}]*)\}/g, '`$1`'],
  [/\\(?:underline|textrm|textsf|mbox)\{([^{}]*)\}/g, '$1'],
  [/\\includegraphics(?:\[[^\]]*\])?\{([^{}]*)\}/g, '![]($1)'],
  [/\\begin\{(?:itemize|enumerate|center)\}|\\end\{(?:itemize|enumerate|center)\}/g, ''],
  [/^[ \t]*\\item[ \t]*/gm, '- '],
  [/\\(?:section|subsection)\*?\{([^{}]*)\}/g, '### $1'],
  [/\\begin\{(?:verbatim|lstlisting)\}([\s\S]*?)\\end\{(?:verbatim|lstlisting)\}/g, '\n```\n$1\n```\n'],
  [/``|''/g, '"'],
  [/---/g, '—'],
  [/(?<!\\)~/g, ' '],
  [/\\\\\s*$/gm, '  '],
];

export function texToMarkdown(tex: string): string {
  let out = tex.replace(/\r\n?/g, '\n');
  for (const [re, to] of COMMANDS) out = out.replace(re, to);
  return out.trim();
}
