import { TAGS_MAX, fieldLabel, nameTextProblem } from '@oj/shared';
import { badRequest } from '../../lib/errors';

/**
 * SPEC §3: `tags` arrives as a comma-separated string whose first and last characters are
 * stripped (the old site sent it bracketed, e.g. `[Vue,Java]`) and whose spaces are removed.
 */
export function parseTagsString(raw: string): string[] {
  const inner = raw.slice(1, -1).replace(/\s+/g, '');
  return inner.split(/[,，]/).filter((t) => t.length > 0);
}

/** At most 10 tags, no duplicates (SPEC §5); the message names the field. */
export function checkTags(list: string[], field: 'tags' | 'tag_list'): string[] {
  const clean = list.map((t) => t.trim()).filter((t) => t.length > 0);
  if (clean.length > TAGS_MAX) throw badRequest(`${fieldLabel([field])}最多 ${TAGS_MAX} 个标签`, field);
  const seen = new Set<string>();
  for (const t of clean) {
    if (t.length > 20) throw badRequest(`${fieldLabel([field])}中的标签不能超过 20 个字符`, field);
    const problem = nameTextProblem(t);
    if (problem) throw badRequest(`${fieldLabel([field])}中的标签${problem}`, field);
    const key = t.toLowerCase();
    if (seen.has(key)) throw badRequest(`${fieldLabel([field])}中的标签「${t}」重复`, field);
    seen.add(key);
  }
  return clean;
}
