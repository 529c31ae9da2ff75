import { useQuery } from '@tanstack/react-query';
import type { LanguageFactorsInput, LanguageStatusList } from '../lib/contract';
import { get, post } from './http';
import { homeKeys } from './home-queries';
import { useInvalidate } from './query';

/** The management site's languages (issue 25): status of each, and its time and memory factors. */
export const languageKeys = { admin: ['languages', 'admin'] as const };

export const adminLanguages = () => get<LanguageStatusList>('/api/admin/languages');
export const setLanguageFactors = (body: LanguageFactorsInput) =>
  post<null>('/api/admin/languages/factors', { json: body });

export const useAdminLanguages = () => useQuery({ queryKey: languageKeys.admin, queryFn: adminLanguages });
/** After a change: the table, and what the sites show of the languages (introduction, editor). */
export function useRefreshLanguages() {
  const admin = useInvalidate(languageKeys.admin);
  const info = useInvalidate(homeKeys.judgeInfo);
  return () => Promise.all([admin(), info()]);
}
