/** "2" before "10", "a2" before "a10": digit runs compare by value, the rest by code point. */
export function naturalCompare(a: string, b: string): number {
  const re = /(\d+)|(\D+)/g;
  const pa = a.match(re) ?? [];
  const pb = b.match(re) ?? [];
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
    const x = pa[i];
    const y = pb[i];
    if (x === y) continue;
    const dx = /^\d/.test(x);
    const dy = /^\d/.test(y);
    if (dx && dy) {
      const diff = BigInt(x) - BigInt(y);
      if (diff !== 0n) return diff < 0n ? -1 : 1;
      if (x.length !== y.length) return x.length - y.length; // "01" after "1"
      continue;
    }
    return x < y ? -1 : 1;
  }
  return pa.length - pb.length;
}
