import { lazy, Suspense, useMemo } from 'react';
import { Button, Popover, Skeleton, Tag } from 'antd';
import { TagsOutlined } from '@ant-design/icons';
import { useTagGroups } from '../../../api/problems';

// Tabs and the filter box load with the first opening (the popover renders its content only then),
// not with the bank (first-load budget).
const TagPanel = lazy(() => import('./TagPanel'));

/** Tag picker by category (`get/tagsPlusCategory`): a popover with a tab per category and a filter box. */
export default function TagPicker({
  value,
  onChange,
}: {
  value: number[];
  onChange: (tags: number[]) => void;
}) {
  const { data: groups = [] } = useTagGroups();
  const names = useMemo(
    () => new Map(groups.flatMap((g) => g.tags.map((t) => [t.tag_id, t.tag_name] as const))),
    [groups],
  );
  const toggle = (id: number) =>
    onChange(value.includes(id) ? value.filter((t) => t !== id) : [...value, id]);
  return (
    <span>
      <Popover
        content={
          <Suspense fallback={<Skeleton active style={{ width: 560 }} />}>
            <TagPanel groups={groups} value={value} toggle={toggle} />
          </Suspense>
        }
        trigger="click"
        placement="bottomLeft"
      >
        <Button icon={<TagsOutlined />} data-testid="tag-picker-button">
          标签{value.length ? `（${value.length}）` : ''}
        </Button>
      </Popover>
      {value.map((id) => (
        <Tag key={id} closable color="blue" onClose={() => toggle(id)} style={{ marginLeft: 6 }}>
          {names.get(id) ?? `#${id}`}
        </Tag>
      ))}
    </span>
  );
}
