import { useId, useState, type KeyboardEvent } from 'react';
import { Tag } from './plain/Tag';
import { notify } from '../lib/notify';
import { tagAlreadyThere } from './tagMessages';
import './tags-input.css';

/**
 * A box of tags typed one by one (the profile's 常用标签), in antd's tags-mode Select look without its
 * Select (rc-select, its virtual list and trigger: ~25 KB brotli). Enter or a comma adds what was
 * typed; a suggestion picked from the list (a datalist, so the browser draws it, also on phones) is
 * added at once; ×, or Backspace in an empty box, removes a tag. `onChange` receives every change;
 * a tag already there is kept once and named in a warning.
 */
export default function TagsInput({
  value,
  onChange,
  suggestions = [],
  placeholder,
  id,
  'data-testid': testId,
}: {
  value: readonly string[];
  onChange: (next: string[]) => void;
  suggestions?: readonly string[];
  placeholder?: string;
  id?: string;
  'data-testid'?: string;
}) {
  const [typed, setTyped] = useState('');
  const listId = useId();

  const add = (raw: string) => {
    const tag = raw.trim();
    setTyped('');
    if (!tag) return;
    if (value.some((t) => t.toLowerCase() === tag.toLowerCase())) notify.warning(tagAlreadyThere(tag));
    else onChange([...value, tag]);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if ((e.key === 'Enter' || e.key === ',' || e.key === '，') && !e.nativeEvent.isComposing) {
      e.preventDefault();
      add(typed);
    } else if (e.key === 'Backspace' && typed === '' && value.length) {
      onChange(value.slice(0, -1));
    }
  };

  return (
    <div className="oj-tags-input" data-testid={testId}>
      {value.map((t) => (
        <Tag
          key={t}
          className="oj-tags-chip"
          closable
          closeLabel={`删除标签 ${t}`}
          onClose={() => onChange(value.filter((x) => x !== t))}
        >
          {t}
        </Tag>
      ))}
      <input
        id={id}
        value={typed}
        list={listId}
        placeholder={value.length ? undefined : placeholder}
        onChange={(e) => {
          // A pick from the datalist arrives as one replacement of the text: add it at once.
          const picked = (e.nativeEvent as InputEvent).inputType === 'insertReplacementText';
          if (picked) add(e.target.value);
          else setTyped(e.target.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => add(typed)}
      />
      <datalist id={listId}>
        {suggestions
          .filter((s) => !value.includes(s))
          .map((s) => (
            <option key={s} value={s} />
          ))}
      </datalist>
    </div>
  );
}
