import { useEffect, useState, type MouseEvent } from 'react';
import './anchor.css';

export interface AnchorItem {
  key: string;
  /** `#id` of the section on the page. */
  href: string;
  title: string;
}

/** The section whose top has passed the line `offsetTop` px below the window's top (the last such). */
function currentSection(items: AnchorItem[], offsetTop: number): string | null {
  let current: string | null = null;
  for (const item of items) {
    const el = document.getElementById(item.href.slice(1));
    if (el && el.getBoundingClientRect().top <= offsetTop + 1) current = item.key;
  }
  return current ?? items[0]?.key ?? null;
}

/**
 * A table of contents in antd Anchor's look: a link per section, the one being read marked as the
 * window scrolls; a click scrolls smoothly to the section, `offsetTop` px below the window's top
 * (under the sticky top bar), and puts its `#id` in the address.
 */
export default function Anchor({ items, offsetTop = 0 }: { items: AnchorItem[]; offsetTop?: number }) {
  const [active, setActive] = useState<string | null>(null);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      setActive(currentSection(items, offsetTop));
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, [items, offsetTop]);

  const go = (e: MouseEvent, item: AnchorItem) => {
    const el = document.getElementById(item.href.slice(1));
    if (!el) return;
    e.preventDefault();
    window.scrollTo({ top: el.getBoundingClientRect().top + window.scrollY - offsetTop, behavior: 'smooth' });
    // The router's own entry (its state) is kept: only the address's hash changes.
    window.history.replaceState(window.history.state, '', item.href);
    setActive(item.key);
  };

  return (
    <ul className="oj-anchor">
      {items.map((item) => (
        <li key={item.key} className={`oj-anchor-link${item.key === active ? ' oj-anchor-active' : ''}`}>
          <a href={item.href} title={item.title} onClick={(e) => go(e, item)}>
            {item.title}
          </a>
        </li>
      ))}
    </ul>
  );
}
