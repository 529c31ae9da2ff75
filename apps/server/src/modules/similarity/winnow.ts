import type { Token } from './tokenize';

/**
 * Winnowing (Schleimer, Wilkerson, Aiken 2003, the algorithm behind MOSS): hash every k-gram of
 * the normalised token stream, then keep the smallest hash of every window of W consecutive
 * hashes (the rightmost on ties). Any match of at least K + W - 1 tokens is sure to share a
 * fingerprint; matches shorter than K are noise and never do. Each fingerprint remembers where it
 * came from, so matched regions map back to source lines.
 */
export const K = 9;
export const W = 5;

export interface Fingerprint {
  hash: number;
  /** Index of the k-gram's first token. */
  pos: number;
}

export interface Program {
  tokens: Token[];
  prints: Fingerprint[];
  /** The distinct hashes, for set intersection. */
  hashes: Set<number>;
}

const symbolIds = new Map<string, number>();
const symbolId = (sym: string): number => {
  let id = symbolIds.get(sym);
  if (id === undefined) {
    id = symbolIds.size + 1;
    symbolIds.set(sym, id);
  }
  return id;
};

/** 32-bit hash of the k-gram starting at each token (FNV-1a over the symbol ids). */
function kgramHashes(tokens: Token[], k: number): number[] {
  const ids = tokens.map((t) => symbolId(t.sym));
  const out: number[] = [];
  for (let i = 0; i + k <= ids.length; i++) {
    let h = 0x811c9dc5;
    for (let j = i; j < i + k; j++) {
      h ^= ids[j];
      h = Math.imul(h, 0x01000193);
      h ^= h >>> 13;
    }
    out.push(h >>> 0);
  }
  return out;
}

export function winnow(tokens: Token[], k = K, w = W): Fingerprint[] {
  const hashes = kgramHashes(tokens, k);
  if (!hashes.length) return [];
  // A program shorter than one window still gets its smallest hash.
  if (hashes.length <= w) {
    let best = 0;
    for (let i = 1; i < hashes.length; i++) if (hashes[i] <= hashes[best]) best = i;
    return [{ hash: hashes[best], pos: best }];
  }
  const out: Fingerprint[] = [];
  let last = -1;
  for (let start = 0; start + w <= hashes.length; start++) {
    let best = start;
    for (let i = start + 1; i < start + w; i++) if (hashes[i] <= hashes[best]) best = i;
    if (best !== last) {
      out.push({ hash: hashes[best], pos: best });
      last = best;
    }
  }
  return out;
}

export function program(tokens: Token[]): Program {
  const prints = winnow(tokens);
  return { tokens, prints, hashes: new Set(prints.map((p) => p.hash)) };
}

/**
 * Similarity of two programs: the shared fingerprints over the mean of their counts (Dice), so a
 * short program inside a long one is not a perfect match; `left` / `right` say how much of each
 * side is shared (as MOSS reports).
 */
export function compare(a: Program, b: Program): { score: number; left: number; right: number; shared: number } {
  if (!a.hashes.size || !b.hashes.size) return { score: 0, left: 0, right: 0, shared: 0 };
  let shared = 0;
  const [small, large] = a.hashes.size <= b.hashes.size ? [a.hashes, b.hashes] : [b.hashes, a.hashes];
  for (const h of small) if (large.has(h)) shared++;
  return {
    score: (2 * shared) / (a.hashes.size + b.hashes.size),
    left: shared / a.hashes.size,
    right: shared / b.hashes.size,
    shared,
  };
}

/** A matched region: the same code, lines [from, to] (1-based, inclusive) on each side. */
export interface Region {
  left: [number, number];
  right: [number, number];
}

/**
 * The matched regions of two programs, for the side-by-side view. Shared fingerprints are taken in
 * the left program's order and paired with their first unused occurrence on the right; runs whose
 * positions advance together on both sides (within one k-gram) merge into one region, whose lines
 * run from the first k-gram's first token to the last k-gram's last token.
 */
export function regions(a: Program, b: Program, k = K): Region[] {
  const rightAt = new Map<number, number[]>();
  for (const p of b.prints) if (a.hashes.has(p.hash)) rightAt.set(p.hash, [...(rightAt.get(p.hash) ?? []), p.pos]);
  const pairs: Array<[number, number]> = [];
  for (const p of a.prints) {
    const list = rightAt.get(p.hash);
    if (!list?.length) continue;
    pairs.push([p.pos, list.length > 1 ? list.shift()! : list[0]]);
  }
  const out: Region[] = [];
  let run: { a0: number; a1: number; b0: number; b1: number } | null = null;
  const flush = () => {
    if (!run) return;
    out.push({
      left: [a.tokens[run.a0].line, a.tokens[Math.min(run.a1 + k - 1, a.tokens.length - 1)].line],
      right: [b.tokens[run.b0].line, b.tokens[Math.min(run.b1 + k - 1, b.tokens.length - 1)].line],
    });
    run = null;
  };
  for (const [pa, pb] of pairs) {
    if (run && pa > run.a1 && pa - run.a1 <= k && pb > run.b1 && pb - run.b1 <= k) {
      run.a1 = pa;
      run.b1 = pb;
      continue;
    }
    flush();
    run = { a0: pa, a1: pa, b0: pb, b1: pb };
  }
  flush();
  return out;
}
