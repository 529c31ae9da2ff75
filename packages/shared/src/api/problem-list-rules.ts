// Zod-free: the sites use these limits in forms, the server in its schemas (problem-lists.ts).

/** Sizes of a problem list (题单): title, markdown description, a note, problems per list. */
export const PROBLEM_LIST_LIMITS = {
  titleMax: 80,
  descriptionMax: 10_000,
  noteMax: 200,
  itemsMax: 200,
  /** Starred problems per user (我的收藏 is one page). */
  starsMax: 1000,
} as const;
