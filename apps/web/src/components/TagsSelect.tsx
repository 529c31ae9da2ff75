import { useRef } from 'react';
import { Select, type SelectProps } from 'antd';
import { notify } from '../lib/notify';
import { tagAlreadyThere } from './tagMessages';

/**
 * A field where tags are typed (Select in tags mode). Antd's tags mode treats Enter on a tag that is
 * already there as "deselect" and removes it without a word; here that Enter keeps the tag and says
 * it is already there. Removing a tag (its ×, Backspace, a click on its option) works as before.
 */
export default function TagsSelect(props: Omit<SelectProps<string[]>, 'mode'>) {
  const { value, onChange } = props;
  // The tag typed again at the last Enter (seen in the capture phase, before the Select acts on it).
  const repeated = useRef<string | null>(null);
  return (
    <div
      onKeyDownCapture={(e) => {
        const target = e.target as HTMLInputElement;
        const typed = e.key === 'Enter' && target.tagName === 'INPUT' ? target.value.trim() : '';
        repeated.current = typed && (value ?? []).includes(typed) ? typed : null;
        if (repeated.current) notify.warning(tagAlreadyThere(repeated.current));
      }}
    >
      <Select<string[]>
        {...props}
        mode="tags"
        onChange={(next, options) => {
          const again = repeated.current;
          repeated.current = null;
          // With its list open the Select answers that Enter by removing the tag: keep it instead.
          if (again && !next.includes(again)) return;
          onChange?.(next, options);
        }}
      />
    </div>
  );
}
