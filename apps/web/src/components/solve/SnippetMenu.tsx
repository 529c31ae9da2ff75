import { Suspense, useState } from 'react';
import Button from '../plain/Button';
import { CodeOutlined } from '@ant-design/icons';
import { lazyScoped } from '../../lib/antdScope';

// The list (the snippets' text, antd's dropdown and menu) loads on the first click: most visits of a
// solving page never open it, and on a slow link it would cost the editor about a second.
const SnippetDropdown = lazyScoped(() => import('./SnippetDropdown'));

/** 插入代码片段 (C++ only): the snippet library of SPEC §9, inserted at the editor's cursor. */
export default function SnippetMenu({ onInsert }: { onInsert: (code: string) => void }) {
  const [wanted, setWanted] = useState(false);
  const button = (
    <Button icon={<CodeOutlined />} data-testid="snippet-menu" onClick={() => setWanted(true)}>
      插入代码片段
    </Button>
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <SnippetDropdown onInsert={onInsert}>{button}</SnippetDropdown>
    </Suspense>
  );
}
