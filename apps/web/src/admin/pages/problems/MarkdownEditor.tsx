import { useDeferredValue } from 'react';
import CodeEditor from '../../../components/CodeEditor';
import { MarkdownView } from '../../../components/MarkdownView';

/** Markdown source on the left, the live preview with the users' renderer (KaTeX, code) on the right. */
export default function MarkdownEditor({
  value = '',
  onChange,
}: {
  value?: string;
  onChange?: (v: string) => void;
}) {
  const preview = useDeferredValue(value);
  return (
    <div className="oj-md-editor" data-testid="markdown-editor">
      <CodeEditor value={value} onChange={(v) => onChange?.(v)} language="Markdown" height="420px" />
      <div className="oj-md-preview" data-testid="markdown-preview">
        <MarkdownView text={preview} />
      </div>
    </div>
  );
}
