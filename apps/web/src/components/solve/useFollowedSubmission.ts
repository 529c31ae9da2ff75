import { useEffect, useRef, useState } from 'react';
import { watchSubmission } from '../../api/problems';
import { applyEvent, startProgress, type Progress } from './progress';

/** Live progress per solving panel survives the page being unmounted (evicted from the kept pages). */
const liveProgress = new Map<string, Progress>();

/** Submissions whose verdict a hidden page still waits for (one light stream each, closed at `done`). */
const awaited = new Set<number>();

/**
 * A page hidden (or left) before its verdict: a light stream (no follow, no per-test state) still
 * hears the verdict once, so what it changes refreshes without a reload — the bank's pass rate,
 * the contest's problem list (issue 16). It closes itself after `done`.
 */
function awaitVerdict(submissionId: number, onVerdict: () => void): void {
  if (awaited.has(submissionId)) return;
  awaited.add(submissionId);
  watchSubmission(
    submissionId,
    (e) => {
      if (e.kind !== 'done') return;
      awaited.delete(submissionId);
      onVerdict();
    },
    () => awaited.delete(submissionId),
  );
}

/**
 * The latest submission of one solving panel (`key`: a bank problem, a contest problem), followed
 * while `active`: its tests, its verdict and every rejudge after it (`follow`), so a verdict shown
 * never goes stale. A hidden page holds no stream and catches up from the stream's first event
 * when shown again. `onVerdict` runs on each verdict (the first and those of rejudges).
 */
export function useFollowedSubmission(key: string, active: boolean, onVerdict: () => void) {
  const [progress, setProgress] = useState<Progress | null>(liveProgress.get(key) ?? null);
  const onVerdictRef = useRef(onVerdict);
  onVerdictRef.current = onVerdict;

  const followed = progress?.submissionId ?? null;
  useEffect(() => {
    if (followed === null) return;
    const settled = (q: Progress | undefined) => q?.phase === 'done' || q?.phase === 'lost';
    if (!active) {
      // Submitted, then left before the submit call answered: the page was hidden with nothing to
      // follow yet, so nothing would hear this verdict.
      if (!settled(liveProgress.get(key))) awaitVerdict(followed, () => onVerdictRef.current());
      return;
    }
    let p = liveProgress.get(key) ?? startProgress(followed);
    const put = (next: Progress) => {
      // A newer submission took over before this stream was closed: its events are stale.
      if (liveProgress.get(key)?.submissionId !== followed) return;
      p = next;
      liveProgress.set(key, p);
      setProgress(p);
    };
    const stop = watchSubmission(
      followed,
      (e) => {
        put(applyEvent(p, e));
        if (e.kind === 'done') onVerdictRef.current();
      },
      () => put({ ...p, phase: 'lost' }),
      { follow: true },
    );
    return () => {
      stop();
      if (!settled(p)) awaitVerdict(followed, () => onVerdictRef.current());
    };
  }, [active, followed, key]);

  /** A new submission replaces the followed one. */
  const follow = (submissionId: number) => {
    const started = startProgress(submissionId);
    liveProgress.set(key, started);
    setProgress(started);
  };
  return { progress, follow };
}
