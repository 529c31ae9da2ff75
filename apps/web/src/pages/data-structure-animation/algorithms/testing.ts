import type { Run } from './types';

/** A small deterministic generator for the property tests (mulberry32). */
export function rng(seed: number) {
  let a = seed >>> 0;
  return (n: number) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) % n) as number;
  };
}

/** What every run promises the player: frames exist, lines point into the pseudo code, messages say something. */
export function wellFormed<S>(run: Run<S>): string | null {
  if (run.frames.length === 0) return 'no frames';
  for (const [i, f] of run.frames.entries()) {
    if (f.line < -1 || f.line >= run.pseudo.length)
      return `frame ${i}: line ${f.line} outside the pseudo code`;
    if (!f.message.trim()) return `frame ${i}: empty message`;
  }
  return null;
}
