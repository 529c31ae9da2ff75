/**
 * The markdown editor's documents, kept only in this browser (localStorage): several documents,
 * the one open, each saved as it is typed. Pure functions over a Storage-like object, so the rules
 * are unit-tested without a browser.
 */
import { MARKDOWN_WELCOME } from '@oj/shared/data/markdown-welcome';

export interface MdDoc {
  id: string;
  title: string;
  content: string;
  updatedAt: number;
}
export interface MdStore {
  docs: MdDoc[];
  current: string;
}

export const STORE_KEY = 'oj-markdown-docs';
export const DOC_LIMIT = 30;
export const CONTENT_MAX = 200_000;
export const IMPORT_MAX_BYTES = 1024 * 1024;
export const UNTITLED = '未命名文档';

export const WELCOME = MARKDOWN_WELCOME;

const newId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

export function newDoc(title = UNTITLED, content = '', now = Date.now()): MdDoc {
  return { id: newId(), title, content, updatedAt: now };
}

function isDoc(d: unknown): d is MdDoc {
  const x = d as MdDoc;
  return (
    !!x &&
    typeof x.id === 'string' &&
    typeof x.title === 'string' &&
    typeof x.content === 'string' &&
    typeof x.updatedAt === 'number'
  );
}

/** The saved documents; a first visit (or unreadable data) gets one welcome document. */
export function loadStore(storage: Pick<Storage, 'getItem'>): MdStore {
  try {
    const raw = JSON.parse(storage.getItem(STORE_KEY) ?? 'null') as Partial<MdStore> | null;
    const docs = Array.isArray(raw?.docs) ? raw.docs.filter(isDoc).slice(0, DOC_LIMIT) : [];
    if (docs.length) {
      const current = docs.some((d) => d.id === raw?.current) ? (raw?.current as string) : docs[0].id;
      return { docs, current };
    }
  } catch {
    // unreadable: start fresh below
  }
  const doc = newDoc('欢迎', WELCOME);
  return { docs: [doc], current: doc.id };
}

/** Writes the store; answers an error text when the browser refuses (storage full or disabled). */
export function saveStore(storage: Pick<Storage, 'setItem'>, store: MdStore): string | null {
  try {
    storage.setItem(STORE_KEY, JSON.stringify(store));
    return null;
  } catch {
    return '本地存储空间不足或被禁用，内容未能保存，请先导出备份';
  }
}

/** The store with one document changed (and stamped), the most recent first. */
export function updateDoc(
  store: MdStore,
  id: string,
  patch: Partial<Pick<MdDoc, 'title' | 'content'>>,
  now = Date.now(),
): MdStore {
  return {
    ...store,
    docs: store.docs.map((d) => (d.id === id ? { ...d, ...patch, updatedAt: now } : d)),
  };
}

export function addDoc(store: MdStore, doc: MdDoc): MdStore | string {
  if (store.docs.length >= DOC_LIMIT) return `最多保存 ${DOC_LIMIT} 篇文档，请先删除不用的文档`;
  return { docs: [doc, ...store.docs], current: doc.id };
}

/** Removes a document; the last one is replaced by an empty document so that one is always open. */
export function removeDoc(store: MdStore, id: string): MdStore {
  const docs = store.docs.filter((d) => d.id !== id);
  if (docs.length === 0) {
    const doc = newDoc();
    return { docs: [doc], current: doc.id };
  }
  return { docs, current: store.current === id ? docs[0].id : store.current };
}

/** A file name from a title: characters no file system accepts become "_", `.md` appended. */
export function fileNameOf(title: string): string {
  const base = [...title]
    .map((ch) => (ch.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(ch) ? '_' : ch))
    .join('')
    .replace(/^[\s.]+|[\s.]+$/g, '')
    .slice(0, 80);
  return `${base || UNTITLED}.md`;
}

/** The title an imported file gets: its name without the extension. */
export function titleOfFile(name: string): string {
  return (
    name
      .replace(/\.(md|markdown|txt)$/i, '')
      .trim()
      .slice(0, 80) || UNTITLED
  );
}

/** Checks an imported file before reading it; answers an error text or null. */
export function checkImport(file: { name: string; size: number }): string | null {
  if (!/\.(md|markdown|txt)$/i.test(file.name)) return '只能导入 .md、.markdown 或 .txt 文件';
  if (file.size > IMPORT_MAX_BYTES) return '文件太大（最大 1 MB）';
  return null;
}

/** Characters (not UTF-16 units) and lines of a text, for the status line. */
export function countText(text: string): { chars: number; lines: number } {
  return { chars: [...text.replace(/\s/g, '')].length, lines: text ? text.split('\n').length : 0 };
}
