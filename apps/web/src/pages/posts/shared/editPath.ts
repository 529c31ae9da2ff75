import type { PostCategory } from '../../../lib/contract';

/** The editor route of a category (new post), with `?edit=` to edit an existing one. */
export function editorPath(category: PostCategory, problemId: number | null, editId?: number): string {
  const base =
    category === 'discussion'
      ? '/discussion/add'
      : category === 'requirement'
        ? '/requirements/add'
        : `/posts/${problemId ?? 0}/${category}/add`;
  return editId ? `${base}?edit=${editId}` : base;
}
