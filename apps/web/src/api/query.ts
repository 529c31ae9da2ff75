import { useCallback } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * A stable function that invalidates a key of a domain's key factory (TanStack matches by prefix:
 * every query under it is read again if shown, stale otherwise). Takes the key itself or the
 * factory's function (then the call passes its arguments): either is defined once, at module level,
 * so the answer keeps its identity across renders and can sit in an effect's dependencies.
 */
export function useInvalidate<A extends unknown[] = []>(key: QueryKey | ((...args: A) => QueryKey)) {
  const queryClient = useQueryClient();
  return useCallback(
    (...args: A) =>
      queryClient.invalidateQueries({ queryKey: typeof key === 'function' ? key(...args) : key }),
    [queryClient, key],
  );
}
