import type { CSSProperties } from 'react';

export interface NativeOption<V extends string | number> {
  value: V;
  label: string;
}
export interface NativeGroup<V extends string | number> {
  label: string;
  options: NativeOption<V>[];
}

/**
 * A plain <select> dressed like antd's: the phone's own picker, and none of rc-select's ~23 KB gzip
 * in the first load of the pages that only need to pick one of a few values.
 */
export function NativeSelect<V extends string | number>({
  value,
  onChange,
  options,
  placeholder,
  clearLabel,
  onClear,
  style,
  ...rest
}: {
  value: V | undefined;
  onChange: (value: V) => void;
  /** With onClear: a first option (clearLabel) that empties the choice, as antd's allowClear. */
  clearLabel?: string;
  onClear?: () => void;
  options: (NativeOption<V> | NativeGroup<V>)[];
  placeholder?: string;
  style?: CSSProperties;
  'aria-label': string;
  'data-testid'?: string;
}) {
  const all = options.flatMap((o) => ('options' in o ? o.options : [o]));
  const option = (o: NativeOption<V>) => (
    <option key={String(o.value)} value={String(o.value)}>
      {o.label}
    </option>
  );
  return (
    <select
      className="oj-native-select"
      value={value === undefined ? '' : String(value)}
      onChange={(e) => {
        const hit = all.find((o) => String(o.value) === e.target.value);
        if (hit) onChange(hit.value);
        else if (e.target.value === '') onClear?.();
      }}
      style={style}
      {...rest}
    >
      {onClear ? (
        <option value="">
          {value === undefined ? (placeholder ?? clearLabel) : (clearLabel ?? placeholder)}
        </option>
      ) : (
        value === undefined && (
          <option value="" disabled>
            {placeholder ?? '请选择'}
          </option>
        )
      )}
      {options.map((o) =>
        'options' in o ? (
          <optgroup key={o.label} label={o.label}>
            {o.options.map(option)}
          </optgroup>
        ) : (
          option(o)
        ),
      )}
    </select>
  );
}
