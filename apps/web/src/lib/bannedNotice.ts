/**
 * SPEC §6 sends a banned account to /404: the 404 page then says why. The mark lives in
 * sessionStorage (shared by the user and the management site, kept over a reload of /404) and is
 * dropped once the tab is signed in again. Bans have no end date on the server (docs/users.md),
 * so the page says 请联系管理员 rather than "until".
 */
const KEY = 'oj-banned';

export function markBanned(): void {
  try {
    sessionStorage.setItem(KEY, '1');
  } catch {
    // storage refused (private mode): the 404 page then shows its generic text
  }
}

export function wasBanned(): boolean {
  try {
    return sessionStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export function clearBanned(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing to clear
  }
}
