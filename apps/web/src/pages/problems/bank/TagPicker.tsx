import { useMemo, useState } from 'react';
import { Button, Input, Popover, Tabs, Tag } from 'antd';
import { TagsOutlined } from '@ant-design/icons';
import { useTagGroups } from '../../../api/problems';

/** Tag picker by category (`get/tagsPlusCategory`): a popover with a tab per category and a filter box. */
export default function TagPicker({
  value,
  onChange,
}: {
  value: number[];
  onChange: (tags: number[]) => void;
}) {
  const { data: groups = [] } = useTagGroups();
  const [filter, setFilter] = useState('');
  const names = useMemo(
    () => new Map(groups.flatMap((g) => g.tags.map((t) => [t.tag_id, t.tag_name] as const))),
    [groups],
  );
  const toggle = (id: number) =>
    onChange(value.includes(id) ? value.filter((t) => t !== id) : [...value, id]);
  const content = (
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
                  <Tag.CheckableTag
                    key={t.tag_id}
                    checked={value.includes(t.tag_id)}
                    onChange={() => toggle(t.tag_id)}
                  >
                    {t.tag_name}
                  </Tag.CheckableTag>
                ))}
            </div>
          ),
        }))}
      />
    </div>
  );
  return (
    <span>
      <Popover content={content} trigger="click" placement="bottomLeft">
        <Button icon={<TagsOutlined />}>标签{value.length ? `（${value.length}）` : ''}</Button>
      </Popover>
      {value.map((id) => (
        <Tag key={id} closable color="blue" onClose={() => toggle(id)} style={{ marginLeft: 6 }}>
          {names.get(id) ?? `#${id}`}
        </Tag>
      ))}
    </span>
  );
}
