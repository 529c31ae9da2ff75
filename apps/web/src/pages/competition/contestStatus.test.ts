import { beforeEach, describe, expect, it } from 'vitest';
import { contestIdOf, hasContestStatus, loadContestStatus, saveContestStatus, trackContestNavigation } from './contestStatus';

/** Node has no Web Storage: a minimal one stands in for the browser's. */
class MemoryStorage {
  private data = new Map<string, string>();
  getItem = (k: string) => this.data.get(k) ?? null;
  setItem = (k: string, v: string) => void this.data.set(k, v);
  removeItem = (k: string) => void this.data.delete(k);
  clear = () => this.data.clear();
}
Object.assign(globalThis, { localStorage: new MemoryStorage(), sessionStorage: new MemoryStorage() });

describe('local contest status (SPEC §4)', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('reads contest ids only from contest pages', () => {
    expect(contestIdOf('/competition/12')).toBe(12);
    expect(contestIdOf('/competition/12/problem/0')).toBe(12);
    expect(contestIdOf('/competition/rank')).toBeNull();
    expect(contestIdOf('/competition/user/add/1/info')).toBeNull();
    expect(contestIdOf('/problems/12')).toBeNull();
  });

  it('keeps the status while moving between competition pages and clears it when leaving them', () => {
    trackContestNavigation('/competition/7');
    saveContestStatus(7, { tab: 'rank', rankPage: 3 });
    trackContestNavigation('/competition/7/problem/1');
    trackContestNavigation('/competition');
    expect(loadContestStatus(7)).toMatchObject({ tab: 'rank', rankPage: 3 });
    trackContestNavigation('/problems');
    expect(hasContestStatus(7)).toBe(false);
    expect(loadContestStatus(7).tab).toBe('problems');
  });

  it('clears only the previous contest, not others kept from before', () => {
    saveContestStatus(1, { tab: 'records' });
    trackContestNavigation('/competition/2');
    saveContestStatus(2, { tab: 'rank' });
    trackContestNavigation('/home');
    expect(hasContestStatus(2)).toBe(false);
    expect(hasContestStatus(1)).toBe(true);
  });
});
