/**
 * Contest problem addresses are 1-based: `/competition/{id}/problem/1` is A (issue 16). The API
 * keeps its 0-based `index`; only the address adds one. Old 0-based links cannot be told apart
 * from new ones except `/problem/0`, which has no new meaning and redirects to `/problem/1` (A).
 */
export const contestProblemPath = (competitionId: number, index: number) =>
  `/competition/${competitionId}/problem/${index + 1}`;

/**
 * The 0-based index of an address's problem order: 1 → 0. `0` (an old link to A) → 'first', to be
 * redirected; anything else that is not a positive integer → null.
 */
export function indexOfOrder(order: string | undefined): number | 'first' | null {
  if (order === undefined || !/^\d+$/.test(order)) return null;
  const n = Number(order);
  if (n === 0) return 'first';
  return Number.isSafeInteger(n) ? n - 1 : null;
}
