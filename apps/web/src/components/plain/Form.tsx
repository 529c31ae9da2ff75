import { useState, type InputHTMLAttributes, type KeyboardEvent, type ReactNode } from 'react';
import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import type { PlainForm } from './useForm';

/**
 * The parts of a plain form in antd Form's vertical look (form.css): a labelled item with its
 * message, a text input with a prefix icon (and an eye for passwords), and a group that joins an
 * input to a button. The state lives in useForm. antd's Form, Input and Space.Compact (rc-field-form,
 * async-validator and their styles, ~35 KB brotli) were most of the login page's own download.
 */
export function FormItem({
  label,
  htmlFor,
  required,
  error,
  children,
}: {
  label: ReactNode;
  htmlFor?: string;
  required?: boolean;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className={`oj-form-item${error ? ' oj-form-item-error' : ''}`}>
      <label htmlFor={htmlFor} className={required ? 'oj-form-label oj-form-required' : 'oj-form-label'}>
        {label}
      </label>
      {children}
      {error && (
        <div className="oj-form-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

export interface TextInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size' | 'prefix'> {
  prefix?: ReactNode;
  size?: 'middle' | 'large';
  invalid?: boolean;
  /** Shows `length / maxLength` at the end of the box, as antd's `showCount`. */
  showCount?: boolean;
  'data-testid'?: string;
}

/** A text or password input (`type="password"` adds the eye that shows the text). */
export function TextInput({
  prefix,
  size = 'middle',
  invalid = false,
  type = 'text',
  showCount = false,
  ...rest
}: TextInputProps) {
  const [shown, setShown] = useState(false);
  const isPassword = type === 'password';
  const classes = [
    'oj-input-wrap',
    size === 'large' ? 'oj-input-large' : '',
    invalid ? 'oj-input-invalid' : '',
  ];
  return (
    <span className={classes.filter(Boolean).join(' ')}>
      {prefix && <span className="oj-input-prefix">{prefix}</span>}
      <input {...rest} type={isPassword && shown ? 'text' : type} aria-invalid={invalid || undefined} />
      {showCount && rest.maxLength !== undefined && (
        <span className="oj-input-count">
          {String(rest.value ?? '').length} / {rest.maxLength}
        </span>
      )}
      {isPassword && (
        <button
          type="button"
          className="oj-input-eye"
          aria-label={shown ? '隐藏密码' : '显示密码'}
          onClick={() => setShown(!shown)}
        >
          {shown ? <EyeOutlined /> : <EyeInvisibleOutlined />}
        </button>
      )}
    </span>
  );
}

/**
 * A keydown handler that acts on Enter, as antd's `onPressEnter`: not on the Enter that confirms an
 * IME composition (typing Chinese), nor again while the key is held down.
 */
export const onPressEnter = (act: () => void) => (e: KeyboardEvent) => {
  if (e.key === 'Enter' && !e.repeat && !e.nativeEvent.isComposing) act();
};

/** An input with a word in a box before it (antd's `addonBefore`): 权 [ 3 ]. */
export function LabelledInput({
  label,
  className,
  ...rest
}: InputHTMLAttributes<HTMLInputElement> & { label: string; 'data-testid'?: string }) {
  return (
    <span className="oj-input-addon-group">
      <span className="oj-input-addon" aria-hidden>
        {label}
      </span>
      <input aria-label={label} {...rest} className={`oj-input${className ? ` ${className}` : ''}`} />
    </span>
  );
}

/** An input and a button joined into one bar (antd's Space.Compact). */
export function InputGroup({ children }: { children: ReactNode }) {
  return <div className="oj-input-group">{children}</div>;
}

/** A form's text field: its item (label, message) round its input, both bound to `form`. */
export function TextField<K extends string>({
  form,
  name,
  label,
  ...input
}: { form: PlainForm<K>; name: K; label: ReactNode } & Omit<TextInputProps, 'form' | 'name'>) {
  return (
    <FormItem label={label} {...form.item(name)}>
      <TextInput {...form.input(name)} {...input} />
    </FormItem>
  );
}
