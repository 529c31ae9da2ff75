/**
 * The locally stored status of a contest (SPEC §4): the tab and ranking page last looked at, kept in
 * localStorage per contest id so that coming back to the contest (or reloading) restores the view.
 * Leaving the competition pages for any other page removes the status of the contest last visited;
 * the root loader calls `trackContestNavigation` before every navigation.
 */

export interface ContestStatus {
  tab: 'problems' | 'rank' | 'records' | 'notice' | 'clarify' | 'rejudge';
  rankPage: number;
  recordsPage: number;
}

const DEFAULT_STATUS: ContestStatus = { tab: 'problems', rankPage: 1, recordsPage: 1 };
const key = (id: number) => `oj-competition-status-${id}`;
/** The contest last visited survives a reload in this tab (sessionStorage). */
const CURRENT_KEY = 'oj-competition-current';

export function loadContestStatus(id: number): ContestStatus {
  try {
    const raw = localStorage.getItem(key(id));
    return raw ? { ...DEFAULT_STATUS, ...(JSON.parse(raw) as Partial<ContestStatus>) } : { ...DEFAULT_STATUS };
  } catch {
    return { ...DEFAULT_STATUS };
  }
}

export function saveContestStatus(id: number, patch: Partial<ContestStatus>) {
  try {
    localStorage.setItem(key(id), JSON.stringify({ ...loadContestStatus(id), ...patch }));
  } catch {
    // storage full or disabled: the view simply starts fresh next time
  }
}

export function hasContestStatus(id: number): boolean {
  return localStorage.getItem(key(id)) !== null;
}

/** The contest id of a path under /competition/{id}, or null. */
export function contestIdOf(pathname: string): number | null {
  const m = /^\/competition\/(\d+)(?:\/|$)/.exec(pathname);
  return m ? Number(m[1]) : null;
}

export const isCompetitionPage = (pathname: string) => pathname === '/competition' || pathname.startsWith('/competition/');

/** Before a navigation to `pathname`: remember the contest entered, or clear the one left for a non-competition page. */
export function trackContestNavigation(pathname: string) {
  try {
    const id = contestIdOf(pathname);
    if (id !== null) {
      sessionStorage.setItem(CURRENT_KEY, String(id));
      return;
    }
    if (isCompetitionPage(pathname)) return;
    const previous = sessionStorage.getItem(CURRENT_KEY);
    if (previous === null) return;
    localStorage.removeItem(key(Number(previous)));
    sessionStorage.removeItem(CURRENT_KEY);
  } catch {
    // no storage: nothing is kept, nothing to clear
  }
}
