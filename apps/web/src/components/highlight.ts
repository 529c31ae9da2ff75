import hljs from 'highlight.js/lib/core';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import python from 'highlight.js/lib/languages/python';
import java from 'highlight.js/lib/languages/java';
import go from 'highlight.js/lib/languages/go';
import javascript from 'highlight.js/lib/languages/javascript';
import rust from 'highlight.js/lib/languages/rust';
import delphi from 'highlight.js/lib/languages/delphi';
import csharp from 'highlight.js/lib/languages/csharp';
import ruby from 'highlight.js/lib/languages/ruby';
import php from 'highlight.js/lib/languages/php';
import lua from 'highlight.js/lib/languages/lua';
import haskell from 'highlight.js/lib/languages/haskell';
import kotlin from 'highlight.js/lib/languages/kotlin';
import plaintext from 'highlight.js/lib/languages/plaintext';
import 'highlight.js/styles/github.css';

// highlight.js with the languages we judge, loaded by markdown.ts only when a text has fenced code
// or source code is shown: most statements have none, and this is half of the renderer's bytes.

const LANGS = {
  c,
  cpp,
  python,
  java,
  go,
  javascript,
  rust,
  delphi,
  csharp,
  ruby,
  php,
  lua,
  haskell,
  kotlin,
  plaintext,
};
for (const [name, lang] of Object.entries(LANGS)) hljs.registerLanguage(name, lang);

const escapeHtml = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);

/** `code` as highlighted HTML in highlight.js's language `name`; escaped text for a name it lacks. */
export function highlighted(code: string, name: string): string {
  return hljs.getLanguage(name)
    ? hljs.highlight(code, { language: name, ignoreIllegals: true }).value
    : escapeHtml(code);
}
