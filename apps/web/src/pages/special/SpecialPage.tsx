import type { ReactNode } from 'react';
import {
  ApartmentOutlined,
  BulbOutlined,
  CodeOutlined,
  EditOutlined,
  PlaySquareOutlined,
  ReadOutlined,
  RocketOutlined,
} from '@ant-design/icons';
import { Link } from 'react-router';
import { SPECIAL_TOOLS, type ToolIcon } from './tools';
import './special.css';

const ICONS: Record<ToolIcon, ReactNode> = {
  replay: <PlaySquareOutlined />,
  snippets: <CodeOutlined />,
  tree: <ApartmentOutlined />,
  markdown: <EditOutlined />,
  game: <RocketOutlined />,
  intro: <ReadOutlined />,
  idea: <BulbOutlined />,
};

/** /special (Byte专栏): the application centre, one card per tool. */
export default function SpecialPage() {
  return (
    <div className="oj-container" data-testid="special-page">
      <header className="oj-special-head">
        <h1>Byte专栏</h1>
        <p>学习与刷题之外的小工具，都在这里。</p>
      </header>
      <div className="oj-special-grid">
        {SPECIAL_TOOLS.map((t) => (
          <Link
            key={t.path}
            to={t.path}
            className="oj-special-card"
            data-testid={`special-card-${t.path.slice(1)}`}
          >
            <span className="oj-special-icon" aria-hidden>
              {ICONS[t.icon]}
            </span>
            <span className="oj-special-title">{t.title}</span>
            <span className="oj-special-text">{t.text}</span>
          </Link>
        ))}
      </div>
    </div>
  );
}
