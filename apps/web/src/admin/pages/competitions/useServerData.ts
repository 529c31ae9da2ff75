import { useCallback, useEffect, useState } from 'react';

/**
 * Data of one admin dialog read straight from the server while it is open (the on-site tools:
 * balloons, awards). Not a shared query: nothing else shows it, and it is read again on every
 * change the dialog makes or hears of. `key` null: closed, nothing read.
 */
export function useServerData<T>(key: number | null, read: (key: number) => Promise<T>) {
  const [data, setData] = useState<T | undefined>(undefined);
  const [loading, setLoading] = useState(false);
  const reload = useCallback(async () => {
    if (key === null) return;
    setLoading(true);
    try {
      setData(await read(key));
    } catch {
      // toasted by the client; the last answer stays shown
    } finally {
      setLoading(false);
    }
    // `read` is a module-level function at every call site: only the key changes what is read.
  }, [key]);
  useEffect(() => {
    setData(undefined);
    void reload();
  }, [reload]);
  return { data, loading, reload };
}
