/** The product's name: the default page title and the brand in both sites. Change it here only. */
export const PRODUCT_NAME = '字节OJ';

/** Business constants of SPEC §9 that the sites use. */
export const MAX_CONCURRENT_REQUESTS = 2;
export const BOTTOM_BAR_TRIGGER_PX = 50;
export const LOGOUT_RELOAD_DELAY_MS = 500;
export const OVERLAY_CLOSE_DELAY_MS = 300;
export const OVERLAY_TICK_MS = 500;
export const OVERLAY_PROGRESS_CAP = 90;
export const BACKGROUND_GRID_COLUMNS = 7;
export const PROFILE_MAX_CHARS = 99;
export const PROFILE_COUNTER_LIMIT = 100;
export const MAX_COMMON_TAGS = 10;
export const SUGGESTED_TAGS = ['Vue', 'Java', 'Python', 'C++', '算法', 'GO', 'Docker', 'K8S', 'TS', 'React'];
export const DEFAULT_SEARCH_PAGE_SIZE = 10;
export const EMAIL_CODE_COOLDOWN_S = 60;

/** Shown instead of any image that fails to load (inline, so it cannot fail itself). */
export const FALLBACK_IMAGE =
  'data:image/svg+xml;charset=utf-8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 120 120"><rect width="120" height="120" fill="#f0f0f0"/><path d="M30 82l18-22 14 16 10-12 18 18z" fill="#c8c8c8"/><circle cx="80" cy="42" r="9" fill="#c8c8c8"/></svg>',
  );

/** Avatar of anonymous users and of users who never uploaded one. */
export const DEFAULT_AVATAR =
  'data:image/svg+xml;charset=utf-8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" fill="#d6e4ff"/><circle cx="32" cy="25" r="12" fill="#85a5ff"/><path d="M10 60c2-13 11-20 22-20s20 7 22 20z" fill="#85a5ff"/></svg>',
  );

/** localStorage keys (one place, so they never collide). */
export const STORAGE_KEYS = {
  navVisible: 'oj.navVisible',
  hideTags: 'oj.hideTags',
  user: 'oj.user',
} as const;
