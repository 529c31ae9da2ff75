import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router';

export type HoverMenuEntry =
  | { type: 'divider'; key: string }
  | {
      type?: 'item';
      key: string;
      label: ReactNode;
      icon?: ReactNode;
      /** A link item; otherwise choosing it calls onSelect(key). */
      to?: string;
      danger?: boolean;
      disabled?: boolean;
      selected?: boolean;
    };

interface Props {
  /** What the bar shows; hovering or clicking it opens the menu. */
  trigger: ReactNode;
  entries: readonly HoverMenuEntry[];
  onSelect?(key: string): void;
  /** Which edge of the trigger the popup lines up with. */
  align: 'left' | 'right';
  className?: string;
  triggerClassName?: string;
  'data-testid'?: string;
}

// Like antd's Dropdown defaults: a short delay before opening, a longer one before closing, so the
// pointer can cross from the trigger to the popup.
const OPEN_DELAY_MS = 150;
const CLOSE_DELAY_MS = 100;

/**
 * The dropdowns of the top bar (更多, the avatar menu), a few lines of our own instead of antd's
 * Menu/Dropdown, which brought rc-menu, rc-trigger and their styles into every first load.
 * Opens on hover or click, closes on leave, Escape, a click elsewhere or a choice.
 */
export default function HoverMenu({
  trigger,
  entries,
  onSelect,
  align,
  className,
  triggerClassName,
  ...rest
}: Props) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const root = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLSpanElement>(null);

  const later = (next: boolean, ms: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(next), ms);
  };
  const now = (next: boolean) => {
    clearTimeout(timer.current);
    setOpen(next);
  };
  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) now(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  const items = () => [...(root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open) {
      now(false);
      triggerRef.current?.focus();
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) now(true);
      const list = items();
      const at = list.indexOf(document.activeElement as HTMLElement);
      const next = e.key === 'ArrowDown' ? at + 1 : at <= 0 ? list.length - 1 : at - 1;
      // The popup renders on this state change; focus once it is there.
      requestAnimationFrame(() => items()[next % Math.max(items().length, 1)]?.focus());
    }
  };

  const choose = (key: string) => {
    now(false);
    onSelect?.(key);
  };

  return (
    <div
      ref={root}
      className={`oj-hover-menu ${className ?? ''}`}
      onMouseEnter={() => later(true, OPEN_DELAY_MS)}
      onMouseLeave={() => later(false, CLOSE_DELAY_MS)}
      onKeyDown={onKeyDown}
    >
      <span
        ref={triggerRef}
        className={triggerClassName}
        role="button"
        tabIndex={0}
        aria-haspopup="menu"
        aria-expanded={open}
        data-testid={rest['data-testid']}
        onClick={() => now(!open)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            now(!open);
          }
        }}
      >
        {trigger}
      </span>
      {open && (
        <div className={`oj-hover-menu-popup oj-hover-menu-${align}`}>
          <ul role="menu" className="oj-hover-menu-list">
            {entries.map((e) => {
              if (e.type === 'divider')
                return <li key={e.key} role="separator" className="oj-hover-menu-divider" />;
              const cls = [
                'oj-hover-menu-item',
                e.danger && 'oj-hover-menu-danger',
                e.disabled && 'oj-hover-menu-disabled',
                e.selected && 'oj-hover-menu-selected',
              ]
                .filter(Boolean)
                .join(' ');
              const body = (
                <>
                  {e.icon && <span className="oj-hover-menu-icon">{e.icon}</span>}
                  {e.label}
                </>
              );
              return (
                <li key={e.key} role="none">
                  {e.disabled ? (
                    <span role="menuitem" aria-disabled="true" className={cls}>
                      {body}
                    </span>
                  ) : e.to ? (
                    <Link role="menuitem" to={e.to} className={cls} onClick={() => choose(e.key)}>
                      {body}
                    </Link>
                  ) : (
                    <button type="button" role="menuitem" className={cls} onClick={() => choose(e.key)}>
                      {body}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </div>
  );
}
