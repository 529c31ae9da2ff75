import { MAX_COMMON_TAGS, PROFILE_MAX_CHARS } from '../config';

/** SPEC §5: the profile text is cut at 99 characters (counted as the user sees them, not UTF-16 units). */
export function cutProfile(text: string | undefined): string {
  const chars = Array.from(text ?? '');
  return chars.length > PROFILE_MAX_CHARS ? chars.slice(0, PROFILE_MAX_CHARS).join('') : (text ?? '');
}

export const profileLength = (text: string | undefined) => Array.from(text ?? '').length;

/** SPEC §5: at most 10 common tags, no duplicates (Vue and vue are the same tag), no empty ones. */
export function normalizeTags(tags: readonly string[] | undefined): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags ?? []) {
    const tag = raw.trim();
    const key = tag.toLowerCase();
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    out.push(tag);
    if (out.length === MAX_COMMON_TAGS) break;
  }
  return out;
}

/** What the tags box says when an 11th tag is entered (SPEC §5). */
export const TAGS_FULL_MESSAGE = `常用标签最多 ${MAX_COMMON_TAGS} 个，请先删除一个再添加`;

/**
 * A change of the tags box: the new tags, normalised, unless that would make more than 10; then
 * the previous tags stay exactly as they were (nothing is dropped) and `refused` is true so the
 * form can say why.
 */
export function changeTags(
  next: readonly string[] | undefined,
  prev: readonly string[] | undefined,
): { tags: string[]; refused: boolean } {
  const seen = new Set<string>();
  let count = 0;
  for (const raw of next ?? []) {
    const key = raw.trim().toLowerCase();
    if (!key || seen.has(key)) continue;
    seen.add(key);
    count += 1;
  }
  if (count > MAX_COMMON_TAGS) return { tags: normalizeTags(prev), refused: true };
  return { tags: normalizeTags(next), refused: false };
}

/**
 * The user's tags: `tag_list` when the server sent it; otherwise the SPEC §3 string form, whose first
 * and last characters are brackets and whose spaces are noise (e.g. "[Vue, Java]").
 */
export function tagsOf(user: { tags: string; tag_list?: string[] }): string[] {
  if (user.tag_list && user.tag_list.length > 0) return normalizeTags(user.tag_list);
  const inner = user.tags.length >= 2 ? user.tags.slice(1, -1) : '';
  return normalizeTags(inner.replace(/\s+/g, '').split(','));
}
