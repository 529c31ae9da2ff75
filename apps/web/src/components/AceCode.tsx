import { useId } from 'react';
import AceEditor from 'react-ace';
import 'ace-builds/src-noconflict/ace';
import 'ace-builds/src-noconflict/mode-c_cpp';
import 'ace-builds/src-noconflict/mode-python';
import 'ace-builds/src-noconflict/mode-java';
import 'ace-builds/src-noconflict/mode-golang';
import 'ace-builds/src-noconflict/mode-javascript';
import 'ace-builds/src-noconflict/mode-rust';
import 'ace-builds/src-noconflict/mode-pascal';
import 'ace-builds/src-noconflict/mode-csharp';
import 'ace-builds/src-noconflict/mode-ruby';
import 'ace-builds/src-noconflict/mode-php';
import 'ace-builds/src-noconflict/mode-lua';
import 'ace-builds/src-noconflict/mode-haskell';
import 'ace-builds/src-noconflict/mode-kotlin';
import 'ace-builds/src-noconflict/mode-markdown';
import 'ace-builds/src-noconflict/theme-textmate';
import 'ace-builds/src-noconflict/theme-eclipse';
import 'ace-builds/src-noconflict/theme-twilight';
import 'ace-builds/src-noconflict/theme-monokai';
import type { AceDelta, CodeEditorProps } from './CodeEditor';

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
  return (
    <AceEditor
      name={`ace-${id}`}
      mode={MODE[language] ?? 'text'}
      theme={theme}
      value={value}
      onChange={(v: string, delta?: unknown) => onChange(v, delta as AceDelta | undefined)}
      readOnly={readOnly}
      width="100%"
      height={height}
      fontSize={fontSize}
      showPrintMargin={false}
      wrapEnabled={language === 'Markdown'}
      editorProps={{ $blockScrolling: true }}
      // No web workers: their scripts would need extra chunks; syntax checks are the compiler's job.
      setOptions={{ useWorker: false, tabSize: 4, showLineNumbers: true }}
    />
  );
}
