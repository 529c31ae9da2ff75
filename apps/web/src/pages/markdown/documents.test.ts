import { describe, expect, it } from 'vitest';
import {
  addDoc,
  checkImport,
  countText,
  DOC_LIMIT,
  fileNameOf,
  loadStore,
  newDoc,
  removeDoc,
  saveStore,
  STORE_KEY,
  titleOfFile,
  updateDoc,
  type MdStore,
} from './documents';

/** A Map-backed Storage, optionally full. */
function memory(full = false) {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => {
      if (full) throw new DOMException('quota', 'QuotaExceededError');
      m.set(k, v);
    },
    m,
  };
}

describe('markdown documents', () => {
  it('a first visit gets the welcome document; garbage is ignored', () => {
    const s = memory();
    const first = loadStore(s);
    expect(first.docs).toHaveLength(1);
    expect(first.docs[0].content).toContain('$$');
    s.m.set(STORE_KEY, '{not json');
    expect(loadStore(s).docs).toHaveLength(1);
    s.m.set(STORE_KEY, JSON.stringify({ docs: [{ id: 1 }, 'x'], current: 'y' }));
    expect(loadStore(s).docs[0].title).toBe('欢迎');
  });

  it('saves, reloads, edits, adds and removes documents', () => {
    const s = memory();
    let store: MdStore = loadStore(s);
    const doc = newDoc('笔记', '# 标题');
    store = addDoc(store, doc) as MdStore;
    expect(store.current).toBe(doc.id);
    store = updateDoc(store, doc.id, { content: '$x$' }, 42);
    expect(saveStore(s, store)).toBeNull();
    const back = loadStore(s);
    expect(back.current).toBe(doc.id);
    expect(back.docs.find((d) => d.id === doc.id)).toMatchObject({
      content: '$x$',
      updatedAt: 42,
      title: '笔记',
    });
    // Removing the open document opens another; removing the last leaves one empty document.
    let after = removeDoc(back, doc.id);
    expect(after.docs).toHaveLength(1);
    expect(after.current).toBe(after.docs[0].id);
    after = removeDoc(after, after.current);
    expect(after.docs).toHaveLength(1);
    expect(after.docs[0].content).toBe('');
  });

  it('refuses more than the limit and says when the storage is full', () => {
    let store: MdStore = { docs: [], current: '' };
    for (let i = 0; i < DOC_LIMIT; i++) store = addDoc(store, newDoc(`d${i}`)) as MdStore;
    expect(addDoc(store, newDoc())).toMatch(/最多保存/);
    expect(saveStore(memory(true), store)).toMatch(/本地存储空间不足/);
  });

  it('names files safely and checks imports', () => {
    expect(fileNameOf('第 1 章：排序/查找?')).toBe('第 1 章：排序_查找_.md');
    expect(fileNameOf('  ..  ')).toBe('未命名文档.md');
    expect(titleOfFile('动态规划.md')).toBe('动态规划');
    expect(checkImport({ name: 'a.md', size: 10 })).toBeNull();
    expect(checkImport({ name: 'a.exe', size: 10 })).toMatch(/只能导入/);
    expect(checkImport({ name: 'a.md', size: 2 * 1024 * 1024 })).toMatch(/太大/);
    expect(countText('你好 world\n𝑥')).toEqual({ chars: 8, lines: 2 });
  });
});
