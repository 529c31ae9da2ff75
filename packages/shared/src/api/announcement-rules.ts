// Zod-free: the sites' forms use these limits, the schemas in announcements.ts enforce them.

export const ANNOUNCEMENT_TITLE_MAX = 100;
export const ANNOUNCEMENT_CONTENT_MAX = 20_000;
