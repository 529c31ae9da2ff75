import { useState } from 'react';
import { Input, Tabs } from 'antd';
import { CheckableTag } from '../../../components/plain/Tag';
import type { TagsPlusCategory } from '../../../lib/contract';

/** The picker's body: a tab per category and a filter box (loaded when the picker first opens). */
export default function TagPanel({
  groups,
  value,
  toggle,
}: {
  groups: TagsPlusCategory;
  value: number[];
  toggle: (id: number) => void;
}) {
  const [filter, setFilter] = useState('');
  return (
    <div style={{ width: 560 }} data-testid="tag-picker">
      <Input.Search
        placeholder="筛选标签"
        allowClear
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
      />
      <Tabs
        size="small"
        items={groups.map((g) => ({
          key: String(g.category_id),
          label: g.category_name,
          children: (
            <div className="oj-tag-cloud">
              {g.tags
                .filter((t) => !filter || t.tag_name.includes(filter))
                .map((t) => (
                  <CheckableTag
                    key={t.tag_id}
                    checked={value.includes(t.tag_id)}
                    onChange={() => toggle(t.tag_id)}
                  >
                    {t.tag_name}
                  </CheckableTag>
                ))}
            </div>
          ),
        }))}
      />
    </div>
  );
}
