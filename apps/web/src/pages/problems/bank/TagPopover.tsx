import { Suspense, type ReactElement } from 'react';
import { Popover } from 'antd';
import Skeleton from '../../../components/plain/Skeleton';
import type { TagsPlusCategory } from '../../../lib/contract';
import { lazyScoped } from '../../../lib/antdScope';

// Tabs and the filter box come with the first opening (the popover renders its content only then).
const TagPanel = lazyScoped(() => import('./TagPanel'));

/**
 * The tag picker's popover, loaded on the first click of its button (antd's Popover brings
 * rc-trigger and rc-form, which the bank's first load does without). Opens at once when mounted.
 */
export default function TagPopover({
  groups,
  value,
  toggle,
  children,
}: {
  groups: TagsPlusCategory;
  value: number[];
  toggle: (id: number) => void;
  children: ReactElement;
}) {
  return (
    <Popover
      defaultOpen
      content={
        <Suspense fallback={<Skeleton active style={{ width: 560 }} />}>
          <TagPanel groups={groups} value={value} toggle={toggle} />
        </Suspense>
      }
      trigger="click"
      placement="bottomLeft"
    >
      {children}
    </Popover>
  );
}
