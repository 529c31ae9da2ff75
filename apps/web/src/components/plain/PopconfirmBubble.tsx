import './popconfirm.css';
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import { ExclamationCircleFilled } from '@ant-design/icons';
import Button from './Button';

/**
 * Popconfirm's bubble, a chunk of its own: it is loaded at the first click on a button that asks,
 * not with every page that has a 删除 (Rollup would otherwise merge it into the first load).
 */
export default function PopconfirmBubble({
  anchor,
  title,
  description,
  okText,
  cancelText,
  onConfirm,
  onClose,
}: {
  anchor: RefObject<HTMLSpanElement | null>;
  title: ReactNode;
  description?: ReactNode;
  okText: string;
  cancelText: string;
  onConfirm: () => unknown;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const bubble = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<CSSProperties>({ visibility: 'hidden' });

  useLayoutEffect(() => {
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
  }, [anchor]);

  useEffect(() => {
    bubble.current?.querySelector<HTMLButtonElement>('.oj-popconfirm-ok')?.focus({ preventScroll: true });
    const outside = (e: PointerEvent) => {
      const t = e.target as Node;
      if (!anchor.current?.contains(t) && !bubble.current?.contains(t)) onClose();
    };
    const escape = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      onClose();
      anchor.current?.querySelector<HTMLElement>('button, a, [tabindex]')?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [anchor, onClose]);

  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      onClose();
    }
  };

  return createPortal(
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
        <Button size="small" onClick={onClose}>
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
  );
}
