import { useEffect, useState } from 'react';
import { type LivePhase, phaseAt } from '../../../lib/contestTime';

/**
 * The contest's phase, re-rendering only when it changes (at the start and at the end), not every
 * second like `useNow`: for big views such as the scoreboard. Undefined times = 'upcoming'.
 */
export function usePhase(start: string | undefined, end: string | undefined): LivePhase {
  const [now, setNow] = useState(() => Date.now());
  const phase = start && end ? phaseAt(start, end, now) : 'upcoming';
  useEffect(() => {
    if (!start || !end) return;
    const next = phase === 'upcoming' ? Date.parse(start) : phase === 'running' ? Date.parse(end) : null;
    if (next === null) return;
    // setTimeout's delay is a 32-bit number: a contest weeks away is checked again later.
    const timer = setTimeout(() => setNow(Date.now()), Math.min(Math.max(0, next - Date.now()) + 50, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [start, end, phase, now]);
  return phase;
}
