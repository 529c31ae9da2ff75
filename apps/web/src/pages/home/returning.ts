import { useEffect, useState } from 'react';

/** An account older than this has surely been here before, whatever this browser remembers. */
const NEW_ACCOUNT_MS = 24 * 3600_000;
const KEY = 'oj-greeted';

function greetedBefore(uuid: number): boolean {
  try {
    return (localStorage.getItem(KEY) ?? '').split(',').includes(String(uuid));
  } catch {
    return false;
  }
}

function rememberGreeted(uuid: number): void {
  try {
    const seen = (localStorage.getItem(KEY) ?? '').split(',').filter(Boolean);
    if (!seen.includes(String(uuid))) localStorage.setItem(KEY, [...seen.slice(-49), String(uuid)].join(','));
  } catch {
    // storage refused: the next visit greets 欢迎 again, which is never wrong
  }
}

/**
 * Whether the signed-in user is coming back (欢迎回来) rather than here for the first time (欢迎):
 * an account older than a day, or one this browser has greeted before. Decided once per mount, so
 * the greeting does not change under the reader's eyes. uuid -1: nobody signed in.
 */
export function useReturning(uuid: number, createTime: string): boolean {
  const [returning, setReturning] = useState(() => isReturning(uuid, createTime));
  useEffect(() => {
    if (uuid <= 0) return;
    setReturning(isReturning(uuid, createTime));
    rememberGreeted(uuid);
  }, [uuid]); // once per user, not per profile edit
  return returning;
}

function isReturning(uuid: number, createTime: string): boolean {
  if (uuid <= 0) return false;
  const created = Date.parse(createTime);
  return greetedBefore(uuid) || !Number.isFinite(created) || Date.now() - created > NEW_ACCOUNT_MS;
}
