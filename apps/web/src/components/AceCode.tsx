import { useEffect, useId, useState } from 'react';
// The editor component alone (vite.config.ts points `react-ace` at its lib/ace.mjs): the package's
// index also brings the split and diff editors with diff-match-patch, which we never show.
import AceEditor from 'react-ace';
import 'ace-builds/src-noconflict/ace';
import type { AceDelta, CodeEditorProps } from './CodeEditor';
import { takeCursor } from './editorFocus';

/** Ace modes of our languages (SPEC §3 and issue 25); `Markdown` for the admin statement editor. */
const MODE: Record<string, string> = {
  C: 'c_cpp',
  'C++': 'c_cpp',
  Python3: 'python',
  Java: 'java',
  Go: 'golang',
  JavaScript: 'javascript',
  PyPy3: 'python',
  Rust: 'rust',
  Pascal: 'pascal',
  'C#': 'csharp',
  Ruby: 'ruby',
  PHP: 'php',
  Lua: 'lua',
  Haskell: 'haskell',
  Kotlin: 'kotlin',
  Markdown: 'markdown',
};

/**
 * Each mode and theme is its own small chunk, loaded when an editor first needs it: the PHP mode
 * alone (it embeds HTML, CSS and JavaScript) is larger than the rest of Ace. `text` and the
 * `textmate` theme are built into ace.js. A mode file registers itself with the global `ace`, so it
 * is imported only after ace.js has run (this module's static import above).
 */
const MODE_LOADERS: Record<string, () => Promise<unknown>> = {
  c_cpp: () => import('ace-builds/src-noconflict/mode-c_cpp'),
  python: () => import('ace-builds/src-noconflict/mode-python'),
  java: () => import('ace-builds/src-noconflict/mode-java'),
  golang: () => import('ace-builds/src-noconflict/mode-golang'),
  javascript: () => import('ace-builds/src-noconflict/mode-javascript'),
  rust: () => import('ace-builds/src-noconflict/mode-rust'),
  pascal: () => import('ace-builds/src-noconflict/mode-pascal'),
  csharp: () => import('ace-builds/src-noconflict/mode-csharp'),
  ruby: () => import('ace-builds/src-noconflict/mode-ruby'),
  php: () => import('ace-builds/src-noconflict/mode-php'),
  lua: () => import('ace-builds/src-noconflict/mode-lua'),
  haskell: () => import('ace-builds/src-noconflict/mode-haskell'),
  kotlin: () => import('ace-builds/src-noconflict/mode-kotlin'),
  markdown: () => import('ace-builds/src-noconflict/mode-markdown'),
};
const THEME_LOADERS: Record<string, () => Promise<unknown>> = {
  eclipse: () => import('ace-builds/src-noconflict/theme-eclipse'),
  twilight: () => import('ace-builds/src-noconflict/theme-twilight'),
  monokai: () => import('ace-builds/src-noconflict/theme-monokai'),
};
const loaded = new Set<string>(['text', 'textmate']);
const loading = new Map<string, Promise<unknown>>();

/** Starts loading a mode or theme chunk (once); resolves when Ace can use it. */
function loadAceModule(name: string, loaders: Record<string, () => Promise<unknown>>): Promise<unknown> {
  const load = loaders[name];
  if (loaded.has(name) || !load) return Promise.resolve();
  let p = loading.get(name);
  if (!p) {
    p = load().then(
      () => loaded.add(name),
      (err: unknown) => {
        loading.delete(name); // the next editor that needs it tries again
        throw err;
      },
    );
    loading.set(name, p);
  }
  return p;
}

/**
 * `name` once its chunk has arrived; meanwhile the last usable one (first `fallback`), so the editor
 * shows and takes input at once and colours the code a moment later.
 */
function useAceModule(
  name: string,
  loaders: Record<string, () => Promise<unknown>>,
  fallback: string,
): string {
  const usable = (n: string) => loaded.has(n) || !loaders[n];
  const [shown, setShown] = useState(() => (usable(name) ? name : fallback));
  useEffect(() => {
    if (usable(name)) {
      setShown(name);
      return;
    }
    let live = true;
    // A chunk that failed to arrive leaves the editor in the previous mode; typing still works.
    loadAceModule(name, loaders).then(
      () => live && setShown(name),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [name]);
  return usable(shown) ? shown : fallback;
}

/** The Ace editor itself; only CodeEditor imports it, lazily (its own chunk). */
export default function AceCode({
  value,
  onChange,
  language,
  theme = 'textmate',
  height = '460px',
  fontSize = 14,
  readOnly = false,
}: CodeEditorProps) {
  // `name` becomes the editor's DOM id: one per instance, as the kept-alive solving pages keep
  // several editors of the same language mounted. React's id punctuation is dropped for CSS use.
  const id = useId().replace(/[^\w-]/g, '');
  const mode = useAceModule(MODE[language] ?? 'text', MODE_LOADERS, 'text');
  const shownTheme = useAceModule(theme, THEME_LOADERS, 'textmate');
  return (
    <AceEditor
      name={`ace-${id}`}
      mode={mode}
      theme={shownTheme}
      value={value}
      onChange={(v: string, delta?: unknown) => onChange(v, delta as AceDelta | undefined)}
      readOnly={readOnly}
      width="100%"
      height={height}
      fontSize={fontSize}
      showPrintMargin={false}
      wrapEnabled={language === 'Markdown'}
      editorProps={{ $blockScrolling: true }}
      onLoad={(editor) => {
        // Typing had started in the stand-in text box (CodeEditor.tsx): go on where it was.
        const at = takeCursor();
        if (at === null) return;
        editor.focus();
        editor.moveCursorToPosition(editor.session.doc.indexToPosition(at, 0));
        editor.clearSelection();
      }}
      // No web workers: their scripts would need extra chunks; syntax checks are the compiler's job.
      setOptions={{ useWorker: false, tabSize: 4, showLineNumbers: true }}
    />
  );
}
