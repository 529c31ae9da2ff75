import { useCallback, useDeferredValue, useEffect, useRef, useState, type ChangeEvent } from 'react';
import Popconfirm from '../../components/plain/Popconfirm';
import { Typography } from '../../components/plain/Typography';
import Button from '../../components/plain/Button';
import Segmented from '../../components/plain/Segmented';
import { TextInput } from '../../components/plain/Form';
import { DeleteOutlined, DownloadOutlined, FileAddOutlined, UploadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { MarkdownView, preloadMarkdownRenderer } from '../../components/MarkdownView';
import { NativeSelect } from '../../components/NativeSelect';
import { notify } from '../../lib/notify';
import {
  addDoc,
  checkImport,
  CONTENT_MAX,
  countText,
  fileNameOf,
  loadStore,
  newDoc,
  removeDoc,
  saveStore,
  STORE_KEY,
  titleOfFile,
  updateDoc,
  UNTITLED,
  type MdStore,
} from './documents';
import '../../components/problem.css';
import './markdown.css';

/** Snippets of the insert bar: text before and after the selection (or a placeholder). */
const SNIPPETS: { label: string; before: string; after: string; fill: string }[] = [
  { label: '标题', before: '\n## ', after: '\n', fill: '标题' },
  { label: '粗体', before: '**', after: '**', fill: '粗体' },
  { label: '斜体', before: '*', after: '*', fill: '斜体' },
  { label: '代码', before: '`', after: '`', fill: 'code' },
  { label: '代码块', before: '\n```cpp\n', after: '\n```\n', fill: 'int main() {}' },
  { label: '公式', before: '$', after: '$', fill: 'x^2' },
  { label: '独立公式', before: '\n$$\n', after: '\n$$\n', fill: '\\sum_{i=1}^{n} i' },
  { label: '链接', before: '[', after: '](https://)', fill: '链接文字' },
  { label: '列表', before: '\n- ', after: '\n', fill: '列表项' },
  { label: '表格', before: '\n| 列 1 | 列 2 |\n| --- | --- |\n| ', after: ' |  |\n', fill: '内容' },
];

type Mode = 'split' | 'edit' | 'preview';
const AUTOSAVE_MS = 400;

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/markdown;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * /markdown: a markdown editor with live preview through the site's renderer (KaTeX, highlighted
 * code). Documents live in this browser only (autosaved to localStorage), and go in and out as .md files.
 */
export default function MarkdownEditorPage() {
  const [store, setStore] = useState<MdStore>(() => loadStore(localStorage));
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const [mode, setMode] = useState<Mode>('split');
  const area = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const pending = useRef<MdStore | null>(null);
  // The store as read from localStorage (on opening, or another tab's save): nothing to write back.
  // Writing it back would hold off another tab's save for a moment and then overwrite it.
  const loaded = useRef(store);
  const doc = store.docs.find((d) => d.id === store.current) ?? store.docs[0];
  const preview = useDeferredValue(doc.content);

  const flush = useCallback(() => {
    if (!pending.current) return;
    const error = saveStore(localStorage, pending.current);
    pending.current = null;
    if (error) notify.error(error);
    else setSavedAt(Date.now());
  }, []);
  // Autosave shortly after the last change, and before the page goes away.
  useEffect(() => {
    if (store === loaded.current) return;
    pending.current = store;
    const t = setTimeout(flush, AUTOSAVE_MS);
    return () => clearTimeout(t);
  }, [store, flush]);
  // Another tab of the editor saved: take its documents unless this tab has unsaved typing.
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key !== STORE_KEY || pending.current) return;
      loaded.current = loadStore(localStorage);
      setStore(loaded.current);
    };
    window.addEventListener('storage', onStorage);
    // A save another tab made between this tab's first read and now sent no event to it: read again.
    if (!pending.current) {
      loaded.current = loadStore(localStorage);
      setStore(loaded.current);
    }
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  useEffect(() => {
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [flush]);

  const edit = (patch: { title?: string; content?: string }) => setStore((s) => updateDoc(s, doc.id, patch));
  const add = (title: string, content: string) => {
    const next = addDoc(store, newDoc(title, content));
    if (typeof next === 'string') return notify.warning(next);
    setStore(next);
  };
  const insert = (before: string, after: string, fill: string) => {
    const el = area.current;
    const text = doc.content;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    const middle = text.slice(start, end) || fill;
    edit({ content: text.slice(0, start) + before + middle + after + text.slice(end) });
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + before.length, start + before.length + middle.length);
    });
  };
  const onImport = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const error = checkImport(file);
    if (error) return notify.warning(error);
    const text = await file.text();
    if (text.length > CONTENT_MAX) return notify.warning(`内容太长（最多 ${CONTENT_MAX} 个字符）`);
    add(titleOfFile(file.name), text.replace(/\r\n?/g, '\n'));
    notify.success(`已导入 ${file.name}`);
  };
  const { chars, lines } = countText(doc.content);

  return (
    <div className="oj-md-page oj-panel" data-testid="markdown-page">
      <div className="oj-md-toolbar">
        <NativeSelect
          value={doc.id}
          onChange={(id: string) => setStore({ ...store, current: id })}
          options={[...store.docs]
            .sort((a, b) => b.updatedAt - a.updatedAt)
            .map((d) => ({ value: d.id, label: d.title || UNTITLED }))}
          style={{ width: 200 }}
          aria-label="选择文档"
          data-testid="md-docs"
        />
        <div className="oj-wrap-row">
          <Button icon={<FileAddOutlined />} onClick={() => add(UNTITLED, '')} data-testid="md-new">
            新建
          </Button>
          <Button
            icon={<UploadOutlined />}
            onClick={() => fileInput.current?.click()}
            data-testid="md-import"
          >
            导入
          </Button>
          <Button
            icon={<DownloadOutlined />}
            onClick={() => download(fileNameOf(doc.title), doc.content)}
            data-testid="md-export"
          >
            导出 .md
          </Button>
          <Popconfirm
            title="删除这篇文档？删除后无法恢复"
            okText="删除"
            cancelText="取消"
            onConfirm={() => setStore(removeDoc(store, doc.id))}
          >
            <Button danger icon={<DeleteOutlined />}>
              删除
            </Button>
          </Popconfirm>
        </div>
        <input
          ref={fileInput}
          type="file"
          accept=".md,.markdown,.txt,text/markdown,text/plain"
          hidden
          onChange={(e) => void onImport(e)}
          data-testid="md-file"
        />
      </div>
      <div className="oj-md-title">
        <TextInput
          value={doc.title}
          onChange={(e) => edit({ title: e.target.value.slice(0, 80) })}
          placeholder="文档标题（导出时作为文件名）"
          aria-label="文档标题"
          data-testid="md-title"
        />
      </div>
      <div className="oj-md-bar">
        <div className="oj-wrap-row oj-md-snippets">
          {SNIPPETS.map((s) => (
            <Button
              key={s.label}
              size="small"
              title={`插入${s.label}`}
              onClick={() => insert(s.before, s.after, s.fill)}
            >
              {s.label}
            </Button>
          ))}
        </div>
        <Segmented<Mode>
          aria-label="编辑或预览"
          value={mode}
          onChange={setMode}
          options={[
            { value: 'split', label: '分栏' },
            { value: 'edit', label: '编辑' },
            { value: 'preview', label: '预览' },
          ]}
        />
      </div>
      <div className={`oj-md-panes oj-md-mode-${mode}`}>
        <textarea
          ref={area}
          className="oj-md-input"
          value={doc.content}
          onChange={(e) => edit({ content: e.target.value })}
          // The welcome document's preview came rendered by the server; the renderer comes when
          // the writer does.
          onFocus={preloadMarkdownRenderer}
          onPointerEnter={preloadMarkdownRenderer}
          maxLength={CONTENT_MAX}
          spellCheck={false}
          placeholder={'在这里输入 Markdown，支持 $\\LaTeX$ 公式和 ``` 代码块'}
          aria-label="Markdown 内容"
          data-testid="md-input"
        />
        <div className="oj-md-preview" data-testid="md-preview">
          {preview.trim() ? (
            <MarkdownView text={preview} />
          ) : (
            <Typography.Text type="secondary">预览</Typography.Text>
          )}
        </div>
      </div>
      <div className="oj-md-status" data-testid="md-status">
        <span>
          {chars} 字 · {lines} 行
        </span>
        <span>
          {savedAt ? `已自动保存在本机 ${dayjs(savedAt).format('HH:mm:ss')}` : '内容会自动保存在本机浏览器'}
        </span>
      </div>
    </div>
  );
}
