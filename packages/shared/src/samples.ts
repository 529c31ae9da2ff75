// Kept apart from markdown.ts: the sites use this on every statement, and markdown-it must stay
// out of their first load.
/**
 * Statements often write their samples into the markdown already (the demo problems do); the
 * structured samples are shown separately only when the text does not contain them, so they never
 * appear twice. Code blocks in the markdown have their own copy buttons.
 */
export function samplesInText(description: string, samples: { input: string; output: string }[]): boolean {
  const norm = (t: string) => t.replace(/\s+/g, ' ').trim();
  const text = norm(description);
  return (
    samples.length > 0 && samples.every((s) => text.includes(norm(s.input)) && text.includes(norm(s.output)))
  );
}
