import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Jieba } from '@node-rs/jieba';
import type { pinyin as Pinyin } from 'pinyin-pro';

/**
 * Competitive-programming terms that jieba's own dictionary splits ("线段树" → 线段 / 树): loaded
 * over the default dictionary so that indexing (search mode: the word and its dictionary
 * sub-words) and queries (one cut) agree on them.
 */
export const CP_TERMS = [
  '线段树',
  '树状数组',
  '莫队',
  '二分图',
  '最短路',
  '动态规划',
  '并查集',
  '拓扑排序',
  '最小生成树',
  '单调栈',
  '单调队列',
  '前缀和',
  '差分',
  '背包',
  '记忆化搜索',
  '字符串哈希',
  '网络流',
  '最大流',
  '最小割',
  '费用流',
  '平衡树',
  '主席树',
  '可持久化',
  '树链剖分',
  '倍增',
  '最近公共祖先',
  '强连通分量',
  '割点',
  '双指针',
  '滑动窗口',
  '二分答案',
  '贪心',
  '深度优先搜索',
  '广度优先搜索',
  '状压',
  '数位',
  '区间和',
  '逆序对',
  '快速幂',
  '高精度',
  '离散化',
  '扫描线',
  '后缀数组',
  '后缀自动机',
  '字典树',
  '回文串',
  '博弈论',
  '容斥',
  '欧拉函数',
  '素数筛',
  '线性筛',
  '矩阵快速幂',
  '模拟退火',
  '分块',
  '启发式合并',
  '点分治',
  '左偏树',
  '笛卡尔树',
  '基环树',
  '差分约束',
  '二分查找',
];

/**
 * jieba with its dictionary (~50 MB resident) and pinyin-pro (~13 MB) load on first use (the first
 * query or indexed item), or ahead of it with `warmAnalyzer()`: an idle server holds neither
 * (issue 28). Loaded with `require` so that a use is synchronous; `@node-rs/jieba/dict.js` is not
 * used, as it also reads a 6 MB IDF table the search never needs.
 */
const load = createRequire(import.meta.url);
let jiebaInstance: Jieba | undefined;
let pinyinFn: typeof Pinyin | undefined;

function makeJieba(dict: Buffer): Jieba {
  const { Jieba: Ctor } = load('@node-rs/jieba') as typeof import('@node-rs/jieba');
  const j = Ctor.withDict(dict);
  j.loadDict(Buffer.from(CP_TERMS.map((t) => `${t} 200000 n`).join('\n')));
  return j;
}
const dictPath = () => load.resolve('@node-rs/jieba/dict.txt');
const jieba = (): Jieba => (jiebaInstance ??= makeJieba(readFileSync(dictPath())));
const pinyinOf = (): typeof Pinyin =>
  (pinyinFn ??= (load('pinyin-pro') as typeof import('pinyin-pro')).pinyin);

/** Whether jieba is loaded (the memory bench, tests). */
export const analyzerLoaded = () => jiebaInstance !== undefined && pinyinFn !== undefined;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
let warming: Promise<void> | undefined;
/**
 * Loads jieba and pinyin-pro ahead of their first use, a step per event-loop turn (the dictionary
 * is read asynchronously), so that the first search does not pay for it. Idempotent.
 */
export function warmAnalyzer(): Promise<void> {
  warming ??= (async () => {
    if (!jiebaInstance) {
      const dict = await readFile(dictPath());
      await nextTurn();
      jiebaInstance ??= makeJieba(dict);
    }
    await nextTurn();
    pinyinOf()('预热', { toneType: 'none', type: 'array' });
    await nextTurn();
    jieba().cut('预热', false);
  })();
  return warming;
}

/** A token we index and query: letters and digits only, lower case (punctuation is dropped). */
const TOKEN = /^[\p{L}\p{N}]+$/u;
const HAN = /\p{Script=Han}/u;
const ASCII_WORD = /^[a-z0-9]+$/;

const clean = (words: string[]) =>
  words.map((w) => w.trim().toLowerCase()).filter((w) => w.length > 0 && TOKEN.test(w));

/** Index tokens of a text: jieba's search-mode cut (a long word and its dictionary sub-words). */
export function indexTokens(text: string): string[] {
  return clean(jieba().cutForSearch(text, false));
}

/** Query tokens: one plain cut, so a query word is one indexed token. */
export function queryTokens(text: string): string[] {
  return [...new Set(clean(jieba().cut(text, false)))];
}

/**
 * Pinyin tokens of a title or name: each Chinese word's full pinyin and initials, and the whole
 * text's (so `xds` finds 线段树 and `xianduanshu` too, and `xdsmb` 线段树模板). The text is read
 * once by pinyin-pro (its context picks the readings of polyphones) and cut into jieba's words.
 */
export function pinyinTokens(text: string): string[] {
  const han = [...text].filter((c) => HAN.test(c));
  if (!han.length) return [];
  const syllables = pinyinOf()(han.join(''), { toneType: 'none', type: 'array', v: true });
  if (syllables.length !== han.length) return [];
  const out = new Set<string>();
  const add = (from: number, to: number) => {
    const part = syllables.slice(from, to);
    const full = part.join('').slice(0, 60);
    const first = part
      .map((p) => p[0] ?? '')
      .join('')
      .slice(0, 30);
    for (const t of [full, first]) if (ASCII_WORD.test(t)) out.add(t);
  };
  let at = 0;
  for (const w of jieba().cut(text, false)) {
    const n = [...w].filter((c) => HAN.test(c)).length;
    if (n) add(at, at + n);
    at += n;
  }
  add(0, han.length);
  return [...out];
}

/** Whether a query token is matched as a prefix (ASCII words: pinyin, initials, English names). */
export const isPrefixToken = (t: string) => ASCII_WORD.test(t) && t.length >= 2 && !/^\d+$/.test(t);
