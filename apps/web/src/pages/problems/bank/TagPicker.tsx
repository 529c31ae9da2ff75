import { Suspense, useState } from 'react';
import Button from '../../../components/plain/Button';
import { Tag } from '../../../components/plain/Tag';
import { TagsOutlined } from '@ant-design/icons';
import { useTagGroups } from '../../../api/problems';
import { lazyScoped } from '../../../lib/antdScope';

const loadPopover = () => import('./TagPopover');
const TagPopover = lazyScoped(loadPopover);

/** Tag picker by category (`get/tagsPlusCategory`): a popover with a tab per category and a filter box. */
export default function TagPicker({
  value,
  onChange,
  names,
}: {
  value: number[];
  onChange: (tags: number[]) => void;
  /** Tag id → name, built once by the bank from the same tag list. */
  names: ReadonlyMap<number, string>;
}) {
  const { data: groups = [] } = useTagGroups();
  // The popover's code is fetched on the first click (hovering the button starts the download).
  const [wanted, setWanted] = useState(false);
  const toggle = (id: number) =>
    onChange(value.includes(id) ? value.filter((t) => t !== id) : [...value, id]);
  const button = (
    <Button
      icon={<TagsOutlined />}
      data-testid="tag-picker-button"
      onMouseEnter={() => void loadPopover().catch(() => undefined)}
      onClick={wanted ? undefined : () => setWanted(true)}
    >
      标签{value.length ? `（${value.length}）` : ''}
    </Button>
  );
  return (
    <span>
      {wanted ? (
        <Suspense fallback={button}>
          <TagPopover groups={groups} value={value} toggle={toggle}>
            {button}
          </TagPopover>
        </Suspense>
      ) : (
        button
      )}
      {value.map((id) => (
        <Tag key={id} closable color="blue" onClose={() => toggle(id)} style={{ marginLeft: 6 }}>
          {names.get(id) ?? `#${id}`}
        </Tag>
      ))}
    </span>
  );
}
