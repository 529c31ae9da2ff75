import type { SearchDoc, SearchSource } from './deps';
import { indexTokens, pinyinTokens } from './analyze';
import { tagToken } from './query';
import type { IndexRow, SearchStore } from './store';

/** Body text indexed per item (a problem statement can be long; its start says what it is). */
const BODY_CHARS = 20_000;
/** Ids re-read per batch when rebuilding. */
const SYNC_BATCH = 200;

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
    tags: (doc.tags ?? []).map(tagToken).filter(Boolean),
  };
}

/** Re-reads items and writes what they are now: indexed when searchable, removed otherwise. */
export async function syncIds(store: SearchStore, kind: string, source: SearchSource, ids: number[]) {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return;
  const docs = (await source.load(wanted)).filter((d) => d.searchable);
  const present = new Set(docs.map((d) => d.id));
  await store.upsert(docs.map((d) => toRow(kind, d)));
  await store.remove(
    kind,
    wanted.filter((id) => !present.has(id)),
  );
}

/** Rebuilds a kind: every id of the source again, then what the index holds but the source no longer lists. */
export async function rebuildKind(store: SearchStore, kind: string, source: SearchSource): Promise<number> {
  const seen = new Set<number>();
  for await (const batch of source.allIds()) {
    for (let i = 0; i < batch.length; i += SYNC_BATCH) {
      const ids = batch.slice(i, i + SYNC_BATCH);
      await syncIds(store, kind, source, ids);
      for (const id of ids) seen.add(id);
    }
  }
  let after = 0;
  for (;;) {
    const ids = await store.idsOf(kind, after, 1000);
    if (!ids.length) break;
    await store.remove(
      kind,
      ids.filter((id) => !seen.has(id)),
    );
    after = ids[ids.length - 1];
  }
  return seen.size;
}
