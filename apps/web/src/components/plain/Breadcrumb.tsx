import type { ReactNode } from 'react';
import './breadcrumb.css';

/** Where a page sits (比赛 / a contest / A 题), in antd Breadcrumb's look; the last item is the page. */
export default function Breadcrumb({ items }: { items: { title: ReactNode }[] }) {
  return (
    <nav className="oj-breadcrumb" aria-label="当前位置">
      <ol>
        {items.map((item, i) => (
          <li key={i} aria-current={i === items.length - 1 ? 'page' : undefined}>
            {item.title}
          </li>
        ))}
      </ol>
    </nav>
  );
}
