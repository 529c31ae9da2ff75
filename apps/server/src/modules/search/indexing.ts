import { tagAliases } from '@oj/shared';
import type { IndexDb, Search, SearchDeps, SearchDoc, SearchSource } from './deps';
import { indexTokens, pinyinTokens } from './analyze';
import { tagToken } from './query';
import {
  analyze,
  anyIndexed,
  indexedIds,
  type IndexRow,
  refreshHidden,
  removeItems,
  upsertItems,
} from './repo';

/** What writing the index needs: the handle, and the problems' hidden ones for the `hidden` column. */
type Writer = IndexDb & Pick<SearchDeps, 'hiddenProblems'>;

/** Body text indexed per item (a problem statement can be long; its start says what it is). */
const BODY_CHARS = 20_000;
/** Ids re-read per batch when rebuilding. */
const SYNC_BATCH = 200;

/**
 * What a tag is found by: its token, its pinyin (`bcj` finds 并查集) and its aliases (`dp` finds a
 * 动态规划 tag; TAG_ALIASES in packages/shared), all in the tags column.
 */
export const tagTerms = (name: string): string[] =>
  [tagToken(name), ...pinyinTokens(name), ...tagAliases(name)].filter(Boolean);

/** The tokens and columns of one item. */
export function toRow(kind: string, doc: SearchDoc): IndexRow {
  const names = doc.names ?? [];
  const title = [doc.title, ...names].flatMap((t) => [...indexTokens(t), ...pinyinTokens(t)]);
  return {
    kind,
    doc_id: doc.id,
    problem_id: doc.visibility?.problem_id ?? null,
    members_of: doc.visibility?.members_of ?? null,
    solution_of: doc.visibility?.solution_of ?? null,
    material_of: doc.visibility?.material_of ?? null,
    // A user is the author of itself: `user:alice` finds alice's posts and alice.
    author_id: doc.filter?.author_id ?? (kind === 'user' ? doc.id : null),
    exact: names[0] ? names[0].toLowerCase().slice(0, 100) : null,
    difficulty: doc.filter?.difficulty ?? null,
    source: doc.filter?.source ?? null,
    title,
    body: indexTokens(doc.body.slice(0, BODY_CHARS)),
    tags: [...new Set((doc.tags ?? []).flatMap(tagTerms))],
  };
}

/**
 * Re-reads items and writes what they are now: indexed when searchable, removed otherwise. A
 * problem's change also sets `hidden` on every row about it (its posts), as the problem is now.
 */
export async function syncIds(d: Writer, kind: string, source: SearchSource, ids: number[]) {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return;
  const docs = (await source.load(wanted)).filter((doc) => doc.searchable);
  const present = new Set(docs.map((doc) => doc.id));
  await upsertItems(
    d.db,
    d.dialect,
    docs.map((doc) => toRow(kind, doc)),
    d.hiddenProblems(),
  );
  await removeItems(
    d.db,
    d.dialect,
    kind,
    wanted.filter((id) => !present.has(id)),
  );
  if (kind === 'problem') await refreshHidden(d.db, d.hiddenProblems(), wanted);
}

/** Rebuilds a kind: every id of the source again, then what the index holds but the source no longer lists. */
export async function rebuildKind(d: Writer, kind: string, source: SearchSource): Promise<number> {
  const seen = new Set<number>();
  for await (const batch of source.allIds()) {
    for (let i = 0; i < batch.length; i += SYNC_BATCH) {
      const ids = batch.slice(i, i + SYNC_BATCH);
      await syncIds(d, kind, source, ids);
      for (const id of ids) seen.add(id);
    }
  }
  let after = 0;
  for (;;) {
    const ids = await indexedIds(d.db, kind, after, 1000);
    if (!ids.length) break;
    await removeItems(
      d.db,
      d.dialect,
      kind,
      ids.filter((id) => !seen.has(id)),
    );
    after = ids[ids.length - 1];
  }
  return seen.size;
}

export function sourceOf(d: Search, kind: string): SearchSource {
  const s = d.kinds.get(kind);
  if (!s) throw new Error(`search kind ${kind} has no source`);
  return s;
}

/** Re-reads some items of a kind now (the outbox, a stale result, tests). */
export const sync = (d: Search, kind: string, ids: number[]) => syncIds(d, kind, sourceOf(d, kind), ids);

/** Each kind's outbox topic keeps its items in sync. */
export function consumeTopics(d: Search): void {
  for (const kind of d.kinds.keys())
    d.outbox.consume(kind, (items) =>
      sync(
        d,
        kind,
        items.map((i) => Number(i.key)).filter((n) => Number.isInteger(n)),
      ),
    );
}

/** Rebuilds the index of every kind (or some): `npm run search:reindex`. */
export async function reindex(d: Search, only?: string[]): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const [kind, source] of d.kinds)
    if (!only || only.includes(kind)) out[kind] = await rebuildKind(d, kind, source);
  await analyze(d.db, d.dialect);
  return out;
}

/** Builds the index when it is empty (the first start after the search was installed). */
export async function ensureBuilt(d: Search): Promise<void> {
  if (!(await anyIndexed(d.db))) await reindex(d);
}
