import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  AdminPostQueryRaw,
  CommentPage,
  PolicyView,
  PostAdded,
  PostDetail,
  PostEdit,
  PostInputRaw,
  PostPage,
  PostSearchQueryRaw,
  RequirementStatus,
  ThumbState,
} from '../lib/contract';
import { post } from './http';
import { useInvalidate } from './query';

/** Calls of SPEC §7 Posts, typed by the shared contract (packages/shared/src/api/forum.ts). */

const P = '/api/posts';

export const addPost = (body: PostInputRaw) => post<PostAdded>(`${P}/add`, { json: body });
export const modifyPost = (body: PostInputRaw) => post<null>(`${P}/modify`, { json: body });
export const deletePost = (post_id: number) => post<null>(`${P}/delete`, { query: { post_id } });
export const getPost = (post_id: number) =>
  post<PostDetail>(`${P}/search/postsId`, { query: { post_id }, silent: true });
export const searchPosts = (q: PostSearchQueryRaw) => post<PostPage>(`${P}/search`, { json: q });
export const userPosts = (uuid: number, pageNum: number) =>
  post<PostPage>(`${P}/search/page`, { query: { uuid, pageNum } });
/** status 0: Q&A, 1: solutions. */
export const problemPosts = (problem_id: number, status: 0 | 1, pageNum: number, sort: string) =>
  post<PostPage>(`${P}/post/answer/problemId`, {
    query: { problem_id, status, pageNum, sort },
    silent: true,
  });
export const thumbPost = (post_id: number, status: 0 | 1) =>
  post<ThumbState>(`${P}/post/thumbs`, { query: { post_id, status } });
export const listComments = (post_id: number, pageNum: number) =>
  post<CommentPage>(`${P}/search/comment`, { query: { post_id, pageNum } });
export const addComment = (body: { post_id: number; content: string; parent_id?: number }) =>
  post<{ comment_id: number }>(`${P}/post/comment/add`, { json: body });
export const deleteComment = (comment_id: number) =>
  post<null>(`${P}/post/comment/delete`, { query: { comment_id } });
export const thumbComment = (comment_id: number, post_id: number, status: 0 | 1) =>
  post<ThumbState>(`${P}/post/comment/thumbs`, { query: { comment_id, post_id, status } });

// ---------------------------------------------------------------- admin

export type PostSwitchPath = 'top' | 'top/cancel' | 'lock' | 'lock/cancel' | 'hide' | 'hide/cancel';
export const switchPost = (path: PostSwitchPath, post_id: number) =>
  post<null>(`${P}/${path}`, { query: { post_id } });
export const setRequirementStatus = (post_id: number, status: RequirementStatus) =>
  post<null>(`${P}/requirement/status`, { query: { post_id, status } });
export const postHistory = (post_id: number) => post<PostEdit[]>(`${P}/history`, { query: { post_id } });
export const adminSearchPosts = (q: AdminPostQueryRaw) => post<PostPage>(`${P}/admin/search`, { json: q });
export const getPolicy = (problem_id: number) =>
  post<PolicyView>(`${P}/policy/get`, { query: { problem_id } });
export const setPolicy = (problem_id: number, policy: 'all' | 'after_ac') =>
  post<PolicyView>(`${P}/policy/set`, { query: { problem_id, policy } });

// ---------------------------------------------------------------- hooks

export const forumKeys = {
  all: ['posts'] as const,
  searches: ['posts', 'search'] as const,
  search: (q: PostSearchQueryRaw) => ['posts', 'search', q] as const,
  detail: (id: number) => ['posts', 'detail', id] as const,
  comments: (id: number, page: number) => ['posts', 'comments', id, page] as const,
  user: (uuid: number, page: number) => ['posts', 'user', uuid, page] as const,
  problem: (problemId: number, status: 0 | 1, page: number, sort: string) =>
    ['posts', 'problem', problemId, status, page, sort] as const,
  // The management site's (its own page, its own cache: the user site's `all` never meets them).
  adminLists: ['posts', 'admin', 'list'] as const,
  adminList: (q: AdminPostQueryRaw) => ['posts', 'admin', 'list', q] as const,
  history: (id: number | null) => ['posts', 'admin', 'history', id] as const,
  policy: (problemId: number | null) => ['posts', 'admin', 'policy', problemId] as const,
};

export const usePostSearch = (q: PostSearchQueryRaw) =>
  useQuery({
    queryKey: forumKeys.search(q),
    queryFn: () => searchPosts(q),
    placeholderData: keepPreviousData,
  });
export const usePost = (id: number) =>
  useQuery({ queryKey: forumKeys.detail(id), queryFn: () => getPost(id), enabled: id > 0, retry: false });
export const useComments = (id: number, pageNum: number) =>
  useQuery({
    queryKey: forumKeys.comments(id, pageNum),
    queryFn: () => listComments(id, pageNum),
    enabled: id > 0,
    placeholderData: keepPreviousData,
  });
export const useUserPosts = (uuid: number, page: number) =>
  useQuery({
    queryKey: forumKeys.user(uuid, page),
    queryFn: () => userPosts(uuid, page),
    placeholderData: keepPreviousData,
  });
export const useProblemPosts = (problemId: number, status: 0 | 1, page: number, sort: string) =>
  useQuery({
    queryKey: forumKeys.problem(problemId, status, page, sort),
    queryFn: () => problemPosts(problemId, status, page, sort),
    placeholderData: keepPreviousData,
    retry: false,
  });
/** After a post, a comment, a thumb or a delete: every post view (lists, details, comments). */
export const useRefreshPosts = () => useInvalidate(forumKeys.all);
/** After a vote: the searched lists (the requirement board). */
export const useRefreshPostSearches = () => useInvalidate(forumKeys.searches);

export const useAdminPosts = (q: AdminPostQueryRaw) =>
  useQuery({ queryKey: forumKeys.adminList(q), queryFn: () => adminSearchPosts(q), placeholderData: keepPreviousData });
export const useRefreshAdminPosts = () => useInvalidate(forumKeys.adminLists);
export const usePostHistory = (id: number | null) =>
  useQuery({ queryKey: forumKeys.history(id), queryFn: () => postHistory(id!), enabled: id !== null });
export const usePolicy = (problemId: number | null) =>
  useQuery({ queryKey: forumKeys.policy(problemId), queryFn: () => getPolicy(problemId!), enabled: !!problemId });
