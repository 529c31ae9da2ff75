import type { SearchKind, SearchRecord } from '../../lib/contract';

/** The kinds in the order the pages show them, with their names in the tabs and group titles. */
export const KIND_NAMES: Record<SearchKind, string> = {
  post: '帖子',
  problem: '题目',
  user: '用户',
  competition: '比赛',
  course: '课程',
};
export const KINDS = Object.keys(KIND_NAMES) as SearchKind[];

/** A count as shown: "1000+" when the server stopped counting at its cap (`total_capped`). */
export const countText = (c: { total: number; total_capped?: boolean }) =>
  c.total_capped ? `${c.total}+` : String(c.total);

export const isKind = (v: string | null): v is SearchKind => !!v && v in KIND_NAMES;

/** Where a record leads. */
export function recordLink(r: Pick<SearchRecord, 'kind' | 'id'>): string {
  switch (r.kind) {
    case 'problem':
      return `/problems/algorithm/${r.id}`;
    case 'user':
      return `/user/space/${r.id}`;
    case 'competition':
      return `/competition/${r.id}`;
    case 'post':
      return `/posts/${r.id}`;
    case 'course':
      return `/course/${r.id}`;
  }
}

/** The one-category page of a keyword (SPEC §2's parameters; page 1). */
export function categoryPath(keyword: string, kind: SearchKind): string {
  return `/search/${encodeURIComponent(keyword)}?category=${kind}&pageNum=1`;
}

/** The grouped results of a keyword. */
export const togetherPath = (keyword: string) => `/together/search?keyword=${encodeURIComponent(keyword)}`;

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};
const unescape = (s: string) => s.replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e] ?? e);

/**
 * A server snippet (HTML-escaped text with `<mark>` around matches) as pieces of plain text and
 * marked text, rendered as React text nodes: no HTML is ever parsed, so nothing but the marks can
 * become markup whatever the server sent.
 */
export function markedPieces(html: string): { text: string; marked: boolean }[] {
  const out: { text: string; marked: boolean }[] = [];
  const re = /<mark>([\s\S]*?)<\/mark>/g;
  let last = 0;
  for (const m of html.matchAll(re)) {
    if (m.index > last) out.push({ text: unescape(html.slice(last, m.index)), marked: false });
    out.push({ text: unescape(m[1]), marked: true });
    last = m.index + m[0].length;
  }
  if (last < html.length) out.push({ text: unescape(html.slice(last)), marked: false });
  return out;
}
