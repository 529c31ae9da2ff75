import type { Viewer } from '../../lib/auth';
import { ApiAuth } from './auth';
import type { ContestApiDeps } from './deps';
import * as endpoints from './endpoints';
import { FeedSession, type FeedSink, parseToken } from './feed';
import { contestPackage, submissionFiles } from './package';

/**
 * The ICPC Contest API (specification 2023-06, read-only) of every programming contest, bound to
 * its dependencies: the endpoints (endpoints.ts), the event feed (feed.ts), the contest package and
 * submission files (package.ts) and who calls (auth.ts). docs/contest-api.md.
 */
export function createContestApiService(d: ContestApiDeps) {
  const auth = new ApiAuth(d);
  return {
    viewerOf: auth.viewerOf.bind(auth),
    createToken: (viewer: Viewer, days: number) => auth.createToken(viewer, days),
    api: endpoints.apiInformation,
    contests: () => endpoints.listContests(d),
    contest: (id: number) => endpoints.contestObject(d, id),
    state: (id: number) => endpoints.contestState(d, id),
    access: (viewer: Viewer, id: number) => endpoints.access(d, viewer, id),
    collection: (viewer: Viewer, id: number, type: endpoints.Collection, filter: Record<string, string>) =>
      endpoints.contestCollection(d, viewer, id, type, filter),
    item: (viewer: Viewer, id: number, type: endpoints.Collection, itemId: string) =>
      endpoints.contestItem(d, viewer, id, type, itemId),
    scoreboard: (viewer: Viewer, id: number) => endpoints.scoreboard(d, viewer, id),
    account: (viewer: Viewer, id: number) => endpoints.ownAccount(d, viewer, id),
    /** Opens the event feed (the backlog is written before it resolves); close it when the client leaves. */
    feed: async (viewer: Viewer, id: number, sinceToken: string | undefined, sink: FeedSink) => {
      const since = sinceToken === undefined ? null : parseToken(sinceToken);
      const session = new FeedSession(d, viewer, id, sink);
      try {
        await session.start(since);
      } catch (err) {
        session.close();
        throw err;
      }
      return session;
    },
    files: (viewer: Viewer, id: number, submissionId: number) => submissionFiles(d, viewer, id, submissionId),
    package: (viewer: Viewer, id: number) => contestPackage(d, viewer, id),
  };
}
export type ContestApiService = ReturnType<typeof createContestApiService>;
