import { Button, Dropdown } from 'antd';
import { CodeOutlined } from '@ant-design/icons';
import { CPP_SNIPPETS } from '@oj/shared/data/cpp-snippets';

/** 插入代码片段 (C++ only): the snippet library of SPEC §9, inserted at the editor's cursor. */
export default function SnippetMenu({ onInsert }: { onInsert: (code: string) => void }) {
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: CPP_SNIPPETS.map((s) => ({
          key: s.key,
          label: <span data-testid={`snippet-${s.key}`}>{s.title}</span>,
        })),
        onClick: ({ key }) => {
          const s = CPP_SNIPPETS.find((x) => x.key === key);
          if (s) onInsert(s.code);
        },
        style: { maxHeight: 360, overflowY: 'auto' },
      }}
    >
      <Button icon={<CodeOutlined />} data-testid="snippet-menu">
        插入代码片段
      </Button>
    </Dropdown>
  );
}
