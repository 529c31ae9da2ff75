import type { ReplayQuery } from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import type { ReplaysDeps } from './deps';
import * as replays from './replays';

/** Code replay (issue 15): timelines stored with submissions, listed, played and shared. */
export function createReplaysService(d: ReplaysDeps) {
  return {
    listMine: (viewer: Viewer, page: { pageNum: number; pageSize: number }) =>
      replays.listMine(d, viewer, page),
    detail: (viewer: Viewer, q: ReplayQuery) => replays.detail(d, viewer, q),
    linkOf: (viewer: Viewer, submissionId: number) => replays.linkOf(d, viewer, submissionId),
    share: (viewer: Viewer, id: number, shared: boolean) => replays.share(d, viewer, id, shared),
  };
}
export type ReplaysService = ReturnType<typeof createReplaysService>;

/** Where the submissions put the timelines sent with them (built before the submissions). */
export const createReplaySink = (d: Pick<ReplaysDeps, 'db'>) => replays.replaySink(d);
