import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  FavouriteProblems,
  ProblemListCreated,
  ProblemListDetail,
  ProblemListFavourited,
  ProblemListInputRaw,
  ProblemListPage,
  ProblemListSort,
} from '../lib/contract';
import { notify } from '../lib/notify';
import { get, post } from './http';

/** 题单 and 收藏 (issue 27 part 4, `/api/problem-list/…`, docs/problem-lists.md). */
const L = '/api/problem-list';

export const problemListKeys = {
  all: ['problem-lists'] as const,
  square: (keyword: string, sort: ProblemListSort, page: number) =>
    ['problem-lists', 'square', keyword, sort, page] as const,
  detail: (id: number) => ['problem-lists', 'detail', id] as const,
  mine: (page: number) => ['problem-lists', 'mine', page] as const,
  favourites: (page: number) => ['problem-lists', 'favourites', page] as const,
  problems: ['problem-lists', 'problems'] as const,
  starred: ['problem-lists', 'starred'] as const,
};

export const squarePage = (keyword: string, sort: ProblemListSort, pageNum: number, pageSize = 20) =>
  get<ProblemListPage>(`${L}/square`, { query: { keyword: keyword || undefined, sort, pageNum, pageSize } });
export const listDetail = (list_id: number) => get<ProblemListDetail>(`${L}/detail`, { query: { list_id } });
export const myLists = (pageNum: number) => get<ProblemListPage>(`${L}/mine`, { query: { pageNum } });
export const favouriteLists = (pageNum: number) =>
  get<ProblemListPage>(`${L}/favourites`, { query: { pageNum } });
export const favouriteProblems = () => get<FavouriteProblems>(`${L}/problem/favourites`);
export const starredIds = () => get<number[]>(`${L}/problem/starred`);
export const createList = (body: ProblemListInputRaw) =>
  post<ProblemListCreated>(`${L}/create`, { json: body });
export const modifyList = (list_id: number, body: ProblemListInputRaw) =>
  post<null>(`${L}/modify`, { json: { ...body, list_id } });
export const deleteList = (list_id: number) => post<null>(`${L}/delete`, { query: { list_id } });
export const copyList = (list_id: number) => post<ProblemListCreated>(`${L}/copy`, { query: { list_id } });
export const favouriteList = (list_id: number, on: boolean) =>
  post<ProblemListFavourited>(`${L}/favourite`, { query: { list_id, on: on ? 1 : 0 } });
export const favouriteProblem = (problem_id: number, on: boolean) =>
  post<{ favourited: boolean }>(`${L}/problem/favourite`, { query: { problem_id, on: on ? 1 : 0 } });

// ---------------------------------------------------------------- query hooks

export const useSquare = (keyword: string, sort: ProblemListSort, page: number) =>
  useQuery({
    queryKey: problemListKeys.square(keyword, sort, page),
    queryFn: () => squarePage(keyword, sort, page),
    placeholderData: keepPreviousData,
  });
export const useListDetail = (id: number) =>
  useQuery({
    queryKey: problemListKeys.detail(id),
    queryFn: () => listDetail(id),
    enabled: id > 0,
    retry: false,
  });
export const useMyLists = (page: number) =>
  useQuery({
    queryKey: problemListKeys.mine(page),
    queryFn: () => myLists(page),
    placeholderData: keepPreviousData,
  });
export const useFavouriteLists = (page: number) =>
  useQuery({
    queryKey: problemListKeys.favourites(page),
    queryFn: () => favouriteLists(page),
    placeholderData: keepPreviousData,
  });
export const useFavouriteProblems = () =>
  useQuery({ queryKey: problemListKeys.problems, queryFn: favouriteProblems });
/** The bank's stars: one read shared by every star of a page; signed-in users only. */
export const useStarredIds = (enabled: boolean) =>
  useQuery({ queryKey: problemListKeys.starred, queryFn: starredIds, enabled, staleTime: 60_000 });

/** Star or unstar a problem; the stars and 我的收藏 are read again after it. */
export function useStarProblem() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, on }: { id: number; on: boolean }) => favouriteProblem(id, on),
    onSuccess: (r) => {
      notify.success(r.favourited ? '已收藏' : '已取消收藏');
      void qc.invalidateQueries({ queryKey: problemListKeys.starred });
      void qc.invalidateQueries({ queryKey: problemListKeys.problems });
    },
  });
}

/** Favourite or unfavourite a list; every list view is read again after it. */
export function useFavouriteList(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) => favouriteList(id, on),
    onSuccess: (r) => {
      notify.success(r.favourited ? '已收藏题单' : '已取消收藏');
      void qc.invalidateQueries({ queryKey: problemListKeys.all });
    },
  });
}
