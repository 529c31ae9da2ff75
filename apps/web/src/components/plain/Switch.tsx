/**
 * An on/off switch in antd Switch's look: a `role="switch"` button. For switches outside antd Forms
 * (inside a Form, antd's Form is loaded anyway and its Form.Item drives antd's Switch).
 */
export default function Switch({
  checked,
  onChange,
  size,
  disabled,
  checkedChildren,
  unCheckedChildren,
  ...rest
}: {
  checked: boolean;
  onChange?: (checked: boolean) => void;
  size?: 'small' | 'default';
  disabled?: boolean;
  checkedChildren?: string;
  unCheckedChildren?: string;
  'aria-label'?: string;
  [data: `data-${string}`]: string | number | undefined;
}) {
  const label = checked ? checkedChildren : unCheckedChildren;
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      {...rest}
      disabled={disabled}
      className={`oj-switch${size === 'small' ? ' oj-switch-small' : ''}${checked ? ' oj-switch-checked' : ''}`}
      onClick={() => onChange?.(!checked)}
    >
      <span className="oj-switch-handle" />
      {label && <span className="oj-switch-inner">{label}</span>}
    </button>
  );
}
