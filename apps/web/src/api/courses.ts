import { useQuery } from '@tanstack/react-query';
import type {
  CourseAddRequest,
  CourseAdminView,
  CourseDetail,
  CourseJoinResult,
  CourseProblemList,
  CourseRankPage,
  CourseSaved,
  CourseSummary,
  VideoPlay,
} from '../lib/contract';
import { get, post } from './http';
import { useInvalidate } from './query';

/** Study plans and courses (SPEC §7 Courses, `/api/study/…`), typed by packages/shared/src/api/courses.ts. */

const C = '/api/course';

export const studyHome = () => get<CourseSummary[]>('/api/study/home');
export const courseDetail = (CourseId: number) =>
  post<CourseDetail>(`${C}/search/courseId`, { query: { CourseId } });
export const courseProblems = (CourseId: number) =>
  post<CourseProblemList>(`${C}/search/problems`, { query: { CourseId } });
export const courseRank = (CourseId: number, pageNum: number) =>
  post<CourseRankPage>(`${C}/search/rank`, { query: { CourseId, pageNum } });
export const myCourses = () => post<CourseSummary[]>(`${C}/search/mine`);
/** A free plan or course enrols at once; a paid one answers need_pay (the page opens the pay dialog). */
export const joinCourse = (course_id: number) => post<CourseJoinResult>(`${C}/join`, { json: { course_id } });
export const lessonVideo = (lesson_id: number) =>
  get<VideoPlay>(`${C}/lesson/video`, { query: { lesson_id } });

// ---------------------------------------------------------------- management

export const adminCourse = (courseId: number) =>
  post<CourseAdminView>(`${C}/admin/get`, { query: { courseId } });
export const saveCourse = (body: CourseAddRequest) => post<CourseSaved>(`${C}/admin/add`, { json: body });
export const deleteCourse = (courseId: number) => post<null>(`${C}/admin/delete`, { query: { courseId } });
export const setCourseUsers = (course_id: number, uuids: number[], enrolled: boolean) =>
  post<null>(`${C}/admin/user/set`, { json: { course_id, uuids, enrolled } });
export function uploadLessonVideo(lesson_id: number, file: File) {
  const form = new FormData();
  form.append('file', file);
  return post<{ has_poster: boolean }>(`${C}/admin/lesson/video`, { query: { lesson_id }, form });
}

export const courseKeys = {
  all: ['courses'] as const,
  home: () => [...courseKeys.all, 'home'] as const,
  detail: (id: number) => [...courseKeys.all, 'detail', id] as const,
  rank: (id: number, page: number) => [...courseKeys.all, 'rank', id, page] as const,
  mine: () => [...courseKeys.all, 'mine'] as const,
  admin: (id: number) => [...courseKeys.all, 'admin', id] as const,
  /** The management site's list: under `all`, so saving a course shows it there at once. */
  adminList: ['courses', 'admin-list'] as const,
};

export const useStudyHome = () => useQuery({ queryKey: courseKeys.home(), queryFn: studyHome });
export const useCourse = (id: number) =>
  useQuery({
    queryKey: courseKeys.detail(id),
    queryFn: () => courseDetail(id),
    enabled: id > 0,
    retry: false,
  });
export const useCourseRank = (id: number, page: number, enabled: boolean) =>
  useQuery({
    queryKey: courseKeys.rank(id, page),
    queryFn: () => courseRank(id, page),
    enabled: id > 0 && enabled,
  });
export const useMyCourses = () => useQuery({ queryKey: courseKeys.mine(), queryFn: myCourses });
export const useAdminCourse = (id: number) =>
  useQuery({ queryKey: courseKeys.admin(id), queryFn: () => adminCourse(id), enabled: id > 0 });
/** After joining or saving: every plan and course view (lists, details, ranks, the editor's). */
export const useRefreshCourses = () => useInvalidate(courseKeys.all);
/** After a video upload or a member change: the editor's view of that course. */
export const useRefreshAdminCourse = () => useInvalidate(courseKeys.admin);
export const useAdminCourses = () => useQuery({ queryKey: courseKeys.adminList, queryFn: studyHome });
export const useRefreshAdminCourses = () => useInvalidate(courseKeys.adminList);

/** 0 → 免费, 1990 → ¥19.90. */
export const priceText = (fen: number) => (fen === 0 ? '免费' : `¥${(fen / 100).toFixed(2)}`);

export function uploadProblemVideo(problem_id: number, file: File) {
  const form = new FormData();
  form.append('file', file);
  return post<{ has_poster: boolean }>('/api/video/admin/problem/upload', { query: { problem_id }, form });
}
export const setProblemAliyunVideo = (problem_id: number, video_id: string) =>
  post<null>('/api/video/admin/problem/aliyun', { json: { problem_id, video_id } });
/** SPEC `aliyun/vod`: a problem's solution video (silent: the caller says when there is none). */
export const problemVideo = (problem_id: number) =>
  get<VideoPlay>('/api/problem/algorithm/aliyun/vod', { query: { problem_id }, silent: true });
