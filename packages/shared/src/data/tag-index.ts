export interface TagCategory {
  category_id: number;
  category_name: string;
}

export interface TagLike {
  tag_id: number;
  tag_name: string;
  category: string;
}

export interface TagGroup<T extends TagLike> extends TagCategory {
  tags: T[];
}

export interface TagIndex<T extends TagLike> {
  /** The tag with this id, or undefined: ids come from stored problems, so a stale id must not throw. */
  byId(id: number): T | undefined;
  /** Every category in display order with its tags (the shape of get/tagsPlusCategory). */
  grouped(): TagGroup<T>[];
}

/** Builds the lookups once; the tag lists are fixed, so the maps never need invalidating. */
export function indexTags<T extends TagLike>(tags: readonly T[], categories: readonly TagCategory[]): TagIndex<T> {
  const byId = new Map(tags.map((t) => [t.tag_id, t]));
  return {
    byId: (id) => byId.get(id),
    grouped: () =>
      categories.map((c) => ({ ...c, tags: tags.filter((t) => t.category === c.category_name) })),
  };
}
