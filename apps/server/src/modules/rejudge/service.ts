import type { RejudgeCreateRequest } from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import type { RejudgeDeps } from './deps';
import * as runs from './runs';
import * as sets from './sets';

/**
 * Rejudge sets (issue 26 part 4; docs/competitions.md) bound to their dependencies: sets and their
 * apply / cancel (sets.ts), trial runs on the judge queue (runs.ts). Hears the queue from
 * construction on.
 */
export function createRejudgeService(deps: RejudgeDeps) {
  const d = { ...deps, pending: new Set<Promise<void>>() };
  runs.listenToQueue(d);
  return {
    create: (viewer: Viewer, req: RejudgeCreateRequest) => sets.createSet(d, viewer, req),
    list: (viewer: Viewer, contestId: number) => sets.listSets(d, viewer, contestId),
    detail: (viewer: Viewer, setId: number) => sets.setDetail(d, viewer, setId),
    apply: (viewer: Viewer, setId: number) => sets.applySet(d, viewer, setId),
    cancel: (viewer: Viewer, setId: number) => sets.cancelSet(d, viewer, setId),
    recover: () => runs.recover(d),
    drain: () => runs.drain(d),
  };
}
export type RejudgeService = ReturnType<typeof createRejudgeService>;
