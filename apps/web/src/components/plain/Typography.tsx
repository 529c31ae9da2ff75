import { useState, type CSSProperties, type MouseEventHandler, type ReactNode } from 'react';
import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { copyText } from '../copyBlock';

/**
 * Headings and text in antd's Typography look, as plain elements. antd's Typography brings its
 * editable mode (Input, TextArea and their form context), copy tooltips and measured ellipsis to every
 * page that shows a title: ~40 KB brotli for what is mostly an <h4> and a grey <span>. The props are
 * the part of antd's that the sites use, so a page switches by its import alone.
 */
type Tone = 'secondary' | 'success' | 'warning' | 'danger';

interface Common {
  className?: string;
  style?: CSSProperties;
  title?: string;
  id?: string;
  children?: ReactNode;
  /** data-* attributes pass through to the element, as with antd. */
  [data: `data-${string}`]: string | number | undefined;
}

/** `true` copies the children's text; `{ text }` copies that instead. */
type Copyable = boolean | { text: string };

const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

function textOf(node: ReactNode): string {
  if (node === null || node === undefined || typeof node === 'boolean') return '';
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  return '';
}

/** antd's copy icon after the text: 复制, then a tick for three seconds. */
function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="oj-typo-copy"
      aria-label={copied ? '已复制' : '复制'}
      title={copied ? '已复制' : '复制'}
      onClick={() =>
        void copyText(text).then((done) => {
          if (!done) return;
          setCopied(true);
          setTimeout(() => setCopied(false), 3000);
        })
      }
    >
      {copied ? <CheckOutlined /> : <CopyOutlined />}
    </button>
  );
}

function copyOf(copyable: Copyable | undefined, children: ReactNode) {
  if (!copyable) return null;
  return <CopyButton text={copyable === true ? textOf(children) : copyable.text} />;
}

export interface TitleProps extends Common {
  level?: 1 | 2 | 3 | 4 | 5;
}

function Title({ level = 1, className, children, ...rest }: TitleProps) {
  const Tag = `h${level}` as const;
  return (
    <Tag className={classes('oj-typo', 'oj-typo-title', className)} {...rest}>
      {children}
    </Tag>
  );
}

export interface TextProps extends Common {
  type?: Tone;
  strong?: boolean;
  code?: boolean;
  delete?: boolean;
  copyable?: Copyable;
  /** One line cut with an ellipsis; `{ tooltip }` is shown on hover (the browser's title). */
  ellipsis?: boolean | { tooltip?: string };
}

function Text({
  type,
  strong,
  code,
  delete: deleted,
  copyable,
  ellipsis,
  className,
  title,
  children,
  ...rest
}: TextProps) {
  let body: ReactNode = children;
  if (code) body = <code>{body}</code>;
  if (deleted) body = <del>{body}</del>;
  if (strong) body = <strong>{body}</strong>;
  const tooltip = typeof ellipsis === 'object' ? ellipsis.tooltip : undefined;
  return (
    <span
      className={classes('oj-typo', type && `oj-typo-${type}`, ellipsis && 'oj-typo-ellipsis', className)}
      title={title ?? tooltip}
      {...rest}
    >
      {body}
      {copyOf(copyable, children)}
    </span>
  );
}

export interface ParagraphProps extends Common {
  type?: Tone;
  strong?: boolean;
  copyable?: Copyable;
  /** `{ rows }` cuts the paragraph after that many lines. */
  ellipsis?: { rows: number };
}

function Paragraph({
  type,
  strong,
  copyable,
  ellipsis,
  className,
  style,
  children,
  ...rest
}: ParagraphProps) {
  const clamp = ellipsis ? ({ WebkitLineClamp: ellipsis.rows } as CSSProperties) : undefined;
  return (
    <div
      className={classes(
        'oj-typo',
        'oj-typo-paragraph',
        type && `oj-typo-${type}`,
        ellipsis && 'oj-typo-clamp',
        className,
      )}
      style={clamp ? { ...clamp, ...style } : style}
      {...rest}
    >
      {strong ? <strong>{children}</strong> : children}
      {copyOf(copyable, children)}
    </div>
  );
}

export interface LinkProps extends Common {
  onClick?: MouseEventHandler<HTMLButtonElement>;
}

/** A link-coloured action without an address (antd's Typography.Link with onClick): a button. */
function Link({ className, children, ...rest }: LinkProps) {
  return (
    <button type="button" className={classes('oj-typo-link', className)} {...rest}>
      {children}
    </button>
  );
}

/** `<Typography>` around a whole text (antd's article), with the parts as its members. */
function Article({ className, children, ...rest }: Common) {
  return (
    <article className={classes('oj-typo', className)} {...rest}>
      {children}
    </article>
  );
}

export const Typography = Object.assign(Article, { Title, Text, Paragraph, Link });
