import { Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import { lazyScoped } from '../../lib/antdScope';

const PopconfirmBubble = lazyScoped(() => import('./PopconfirmBubble'));

/**
 * "Are you sure?" beside the button that asks it, in antd Popconfirm's look. antd's brings its
 * Popover, Tooltip, rc-trigger and its own Button (~25 KB brotli with what Rollup merges beside them)
 * to every page with a 删除. The bubble (PopconfirmBubble.tsx) is drawn in document.body (a drawer's
 * scrolling body would clip it), below the button or above it when there is no room, and kept inside
 * the window. Escape or a click elsewhere closes it; 确定 waits for a promise that `onConfirm` returns.
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
  const anchor = useRef<HTMLSpanElement>(null);
  const close = useCallback(() => setOpen(false), []);
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
      {open && (
        <Suspense fallback={null}>
          <PopconfirmBubble
            anchor={anchor}
            title={title}
            description={description}
            okText={okText}
            cancelText={cancelText}
            onConfirm={onConfirm}
            onClose={close}
          />
        </Suspense>
      )}
    </>
  );
}
