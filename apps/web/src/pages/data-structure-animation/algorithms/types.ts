/**
 * The animations are pure: an algorithm run is a list of frames computed up front, each a snapshot of
 * the state, the pseudo-code line being executed (0-based; -1 = none) and a sentence in Chinese. The
 * player only shows frames[i], so stepping back is i - 1 and nothing is ever undone.
 */
export interface Frame<S> {
  state: S;
  line: number;
  message: string;
}

/** One animated operation: its pseudo code and its frames (never empty). */
export interface Run<S> {
  title: string;
  pseudo: readonly string[];
  frames: Frame<S>[];
}

/** Collects frames; each `push` snapshots the state with structuredClone so later changes never leak back. */
export class Recorder<S> {
  readonly frames: Frame<S>[] = [];
  constructor(private readonly snapshot: () => S) {}
  push(line: number, message: string): void {
    this.frames.push({ state: structuredClone(this.snapshot()), line, message });
  }
}

/** The final state of a run (what the structure holds after the operation). */
export const lastState = <S>(run: Run<S>): S => run.frames[run.frames.length - 1].state;

/** Parses the user's numbers: separated by spaces, commas (ASCII or Chinese) or new lines. */
export function parseNumbers(text: string, { max = 40, min = -9999, top = 9999 } = {}): number[] | string {
  const parts = text.split(/[\s,，、;；]+/).filter(Boolean);
  if (parts.length === 0) return '请输入至少一个整数';
  if (parts.length > max) return `最多 ${max} 个数`;
  const out: number[] = [];
  for (const p of parts) {
    if (!/^-?\d+$/.test(p)) return `「${p}」不是整数`;
    const n = Number(p);
    if (n < min || n > top) return `数值应在 ${min} 到 ${top} 之间`;
    out.push(n);
  }
  return out;
}
