import { useState, type ReactElement } from 'react';
import { Dropdown } from 'antd';
import { CPP_SNIPPETS } from '@oj/shared/data/cpp-snippets';

/**
 * The snippet list itself, loaded by SnippetMenu on its first click: it arrives open, as the click
 * asked, and closes after an insertion like any menu.
 */
export default function SnippetDropdown({
  onInsert,
  children,
}: {
  onInsert: (code: string) => void;
  children: ReactElement;
}) {
  const [open, setOpen] = useState(true);
  return (
    <Dropdown
      trigger={['click']}
      open={open}
      onOpenChange={setOpen}
      menu={{
        items: CPP_SNIPPETS.map((s) => ({
          key: s.key,
          label: <span data-testid={`snippet-${s.key}`}>{s.title}</span>,
        })),
        onClick: ({ key }) => {
          const s = CPP_SNIPPETS.find((x) => x.key === key);
          if (s) onInsert(s.code);
          setOpen(false);
        },
        style: { maxHeight: 360, overflowY: 'auto' },
      }}
    >
      {children}
    </Dropdown>
  );
}
