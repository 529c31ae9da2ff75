/**
 * Totals of the post lists for a few seconds: counting 100 000 posts costs tens of milliseconds
 * even on a covering index, and every page of every list asks for it. A post created, deleted,
 * hidden or shown on any node (`post.changed`) empties the cache at once, so a writer sees the new
 * total immediately; what the cache can miss (a problem hidden meanwhile) lasts at most TTL_MS.
 */
const TTL_MS = 3000;
const MAX_ENTRIES = 1000;

export class CountCache {
  private readonly entries = new Map<string, { total: number; until: number }>();

  async get(key: string, count: () => Promise<number>): Promise<number> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.until > now) return hit.total;
    const total = await count();
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, { total, until: now + TTL_MS });
    return total;
  }

  clear(): void {
    this.entries.clear();
  }
}
