/** Top navigation of SPEC §2, in order. */
export const NAV_LINKS = [
  { path: '/home', label: '首页' },
  { path: '/problems', label: '题库' },
  { path: '/problem-list', label: '题单' },
  { path: '/study', label: '学习' },
  { path: '/competition', label: '竞赛' },
  { path: '/class', label: '班级' },
  { path: '/special', label: 'Byte专栏' },
] as const;

export const MORE_LINKS = [
  { path: '/introduction', label: '网站介绍', disabled: false },
  { path: '/requirements', label: '需求模块', disabled: false },
  { path: '/data-structure-animation', label: '数据结构动画', disabled: false },
  { path: '/code-replay', label: '代码回放', disabled: false },
  { path: '/snippets', label: 'C++ 代码片段库', disabled: false },
  { path: '/game', label: '小游戏 2048', disabled: false },
] as const;

/** The search page of a keyword, always from page 1 (SPEC §2: Enter or the icon resets pageNum). */
export function searchPath(keyword: string, current?: URLSearchParams): string | null {
  const key = keyword.trim();
  if (!key) return null;
  const params = new URLSearchParams(current);
  params.set('pageNum', '1');
  return `/search/${encodeURIComponent(key)}?${params.toString()}`;
}

/** The grouped results of every kind for a keyword (the top box); null for an empty keyword. */
export function togetherPath(keyword: string): string | null {
  const key = keyword.trim();
  return key ? `/together/search?keyword=${encodeURIComponent(key)}` : null;
}

/** Which top link is active for a path (the first path segment decides). */
export function activeNavKey(pathname: string): string {
  const first = '/' + (pathname.split('/')[1] ?? '');
  // 评测记录 is a tab of the 题库 area.
  if (first === '/records') return '/problems';
  const all = [...NAV_LINKS, ...MORE_LINKS].map((l) => l.path as string);
  return all.includes(first) ? first : '';
}
