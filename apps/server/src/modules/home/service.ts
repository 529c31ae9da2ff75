import type { Viewer } from '../../lib/auth';
import type { HomeDeps } from './deps';
import { judgeInfo } from './languages';
import { locationOf } from './location';
import { overview } from './overview';

/**
 * The home page's overview (overview.ts), the judge's language table for /introduction
 * (languages.ts) and the caller's place from the offline IP database (location.ts).
 */
export function createHomeService(d: HomeDeps) {
  return {
    overview: (viewer: Viewer) => overview(d, viewer),
    judgeInfo: () => judgeInfo(d),
    location: (ip: string) => locationOf(d.locator, ip),
  };
}
export type HomeService = ReturnType<typeof createHomeService>;
