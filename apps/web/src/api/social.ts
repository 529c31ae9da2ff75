import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SocialSettings, SocialSummary, SocialUserPage, VisitorPage } from '../lib/contract';
import { notify } from '../lib/notify';
import { get, post } from './http';

/** Follows, friends and recent visitors (`/api/social/…`): counts of anyone, lists of my own. */
const S = '/api/social';

export type SocialList = 'friends' | 'following' | 'followers';

export const socialKeys = {
  all: ['social'] as const,
  summary: (uuid: number) => ['social', 'summary', uuid] as const,
  list: (which: SocialList | 'visitors', page: number) => ['social', which, page] as const,
  settings: ['social', 'settings'] as const,
  /** Every page of the visitors, whatever its size. */
  visitors: ['social', 'visitors'] as const,
  visitorPage: (page: number, size: number) => ['social', 'visitors', page, size] as const,
};

export const socialSummary = (uuid: number) => get<SocialSummary>(`${S}/summary`, { query: { uuid } });
export const follow = (uuid: number) => post<SocialSummary>(`${S}/follow`, { query: { uuid } });
export const unfollow = (uuid: number) => post<SocialSummary>(`${S}/unfollow`, { query: { uuid } });
export const socialList = (which: SocialList, pageNum: number, pageSize = 10) =>
  get<SocialUserPage>(`${S}/${which}`, { query: { pageNum, pageSize } });
export const visitors = (pageNum: number, pageSize = 10) =>
  get<VisitorPage>(`${S}/visitors`, { query: { pageNum, pageSize } });
export const socialSettings = () => get<SocialSettings>(`${S}/settings`);
export const saveSocialSettings = (body: SocialSettings) =>
  post<SocialSettings>(`${S}/settings`, { json: body });

export const useSocialSummary = (uuid: number, enabled = true) =>
  useQuery({ queryKey: socialKeys.summary(uuid), queryFn: () => socialSummary(uuid), enabled, retry: false });

export const useSocialList = (which: SocialList, page: number, enabled = true) =>
  useQuery({
    enabled,
    queryKey: socialKeys.list(which, page),
    queryFn: () => socialList(which, page),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useVisitors = (page: number, pageSize = 10, enabled = true) =>
  useQuery({
    enabled,
    queryKey: socialKeys.visitorPage(page, pageSize),
    queryFn: () => visitors(page, pageSize),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** Follow or unfollow; every social view (counts, lists) is read again after it. */
export function useFollow(uuid: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) => (on ? follow(uuid) : unfollow(uuid)),
    onSuccess: (summary, on) => {
      notify.success(on ? (summary.friend ? '关注成功，你们已互相关注' : '关注成功') : '已取消关注');
      qc.setQueryData(socialKeys.summary(uuid), summary);
      void qc.invalidateQueries({ queryKey: socialKeys.all });
    },
  });
}

export const useSocialSettings = () =>
  useQuery({ queryKey: socialKeys.settings, queryFn: socialSettings, retry: false });

/** 记录访客 on or off; turning it off clears the visitors, so their pages are read again. */
export function useSaveSocialSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) => saveSocialSettings({ record_visitors: on }),
    onSuccess: (s) => {
      qc.setQueryData(socialKeys.settings, s);
      void qc.invalidateQueries({ queryKey: socialKeys.visitors });
      notify.success(s.record_visitors ? '已开启访客记录' : '已关闭访客记录，之前的访客已清除');
    },
  });
}
