import type { ReactNode } from 'react';

/** One choice of a few, in antd Segmented's look: a radio group of buttons. */
export default function Segmented<T extends string>({
  options,
  value,
  onChange,
  'aria-label': label,
}: {
  options: { value: T; label: ReactNode }[];
  value: T;
  onChange: (value: T) => void;
  'aria-label'?: string;
}) {
  return (
    <div className="oj-segmented" role="radiogroup" aria-label={label}>
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          role="radio"
          aria-checked={o.value === value}
          className={`oj-segmented-item${o.value === value ? ' oj-segmented-selected' : ''}`}
          onClick={() => onChange(o.value)}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
