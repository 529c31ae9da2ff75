/** SPEC §9: the heatmap's colour changes at 2, 5, 10 and 15 submissions a day. */
export const HEATMAP_PIECES = [
  { min: 1, max: 2, color: '#c6e48b', label: '1–2 次' },
  { min: 3, max: 5, color: '#7bc96f', label: '3–5 次' },
  { min: 6, max: 10, color: '#49af5d', label: '6–10 次' },
  { min: 11, max: 15, color: '#2e8840', label: '11–15 次' },
  { min: 16, color: '#196127', label: '16 次以上' },
];

/** Calls `fn` once the calls have stopped for `ms` (SPEC §9: resize callbacks debounced at 200 ms). */
export function debounce(fn: () => void, ms: number): { (): void; cancel(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const debounced = () => {
    clearTimeout(timer);
    timer = setTimeout(fn, ms);
  };
  debounced.cancel = () => clearTimeout(timer);
  return debounced;
}
