import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { ExclamationCircleFilled } from '@ant-design/icons';
import Button from './Button';

/**
 * "Are you sure?" beside the button that asks it, in antd Popconfirm's look. antd's brings its
 * Popover, Tooltip, rc-trigger and its own Button (~25 KB brotli with what Rollup merges beside them)
 * to every page with a 删除. The bubble is drawn in document.body (a drawer's scrolling body would
 * clip it), below the button or above it when there is no room, and kept inside the window.
 * Escape or a click elsewhere closes it; 确定 waits for a promise that `onConfirm` returns.
 */
export default function Popconfirm({
  title,
  description,
  okText = '确定',
  cancelText = '取消',
  onConfirm,
  disabled = false,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  okText?: string;
  cancelText?: string;
  onConfirm: () => unknown;
  disabled?: boolean;
  /** The button that asks; its click opens the bubble. */
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const anchor = useRef<HTMLSpanElement>(null);
  const bubble = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<CSSProperties>({ visibility: 'hidden' });

  useLayoutEffect(() => {
    if (!open) return;
    const position = () => {
      const a = anchor.current?.getBoundingClientRect();
      const b = bubble.current?.getBoundingClientRect();
      if (!a || !b) return;
      const gap = 8;
      const below = a.bottom + gap + b.height <= window.innerHeight || a.top - gap - b.height < 0;
      const left = Math.min(
        Math.max(gap, a.left + a.width / 2 - b.width / 2),
        window.innerWidth - b.width - gap,
      );
      setPlace({ top: below ? a.bottom + gap : a.top - gap - b.height, left: Math.max(gap, left) });
    };
    position();
    window.addEventListener('resize', position);
    window.addEventListener('scroll', position, true);
    return () => {
      window.removeEventListener('resize', position);
      window.removeEventListener('scroll', position, true);
    };
  }, [open]);

  useEffect(() => {
    if (!open) return;
    bubble.current?.querySelector<HTMLButtonElement>('.oj-popconfirm-ok')?.focus({ preventScroll: true });
    const outside = (e: PointerEvent) => {
      const t = e.target as Node;
      if (!anchor.current?.contains(t) && !bubble.current?.contains(t)) setOpen(false);
    };
    const escape = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      anchor.current?.querySelector<HTMLElement>('button, a, [tabindex]')?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);

  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };

  return (
    <>
      <span
        ref={anchor}
        className="oj-popconfirm-anchor"
        // Capture: a button that stops its click from reaching the tile it sits on still opens this.
        onClickCapture={(e) => {
          // As antd's: a disabled button (or a loading one) does not ask.
          const target = e.target as HTMLElement;
          if (disabled || target.closest('button:disabled, [aria-disabled="true"], .oj-btn-loading')) return;
          setOpen((o) => !o);
        }}
      >
        {children}
      </span>
      {open &&
        createPortal(
          <div
            ref={bubble}
            className="oj-popconfirm"
            role="dialog"
            aria-label={typeof title === 'string' ? title : undefined}
            style={place}
          >
            <div className="oj-popconfirm-message">
              <ExclamationCircleFilled className="oj-popconfirm-icon" />
              <div>
                <div className="oj-popconfirm-title">{title}</div>
                {description && <div className="oj-popconfirm-description">{description}</div>}
              </div>
            </div>
            <div className="oj-popconfirm-buttons">
              <Button size="small" onClick={() => setOpen(false)}>
                {cancelText}
              </Button>
              <Button
                size="small"
                type="primary"
                className="oj-popconfirm-ok"
                loading={busy}
                onClick={() => void confirm()}
              >
                {okText}
              </Button>
            </div>
          </div>,
          document.body,
        )}
    </>
  );
}
