import type {
  CourseAddInput,
  CoursePageQuery,
  CourseProblemSetRequest,
  CourseUserSetRequest,
} from '@oj/shared';
import type { FastifyRequest } from 'fastify';
import type { Viewer } from '../../lib/auth';
import * as admin from './admin';
import type { CoursesDeps } from './deps';
import * as membership from './membership';
import * as study from './study';
import { LocalVideos } from './video';
import * as videos from './video-access';

/**
 * Study plans and courses (issue 13): read paths (study.ts), management (admin.ts), members
 * (membership.ts) and videos (video.ts, video-access.ts, aliyun.ts). `priceOf`, `enrol`,
 * `unenrol` and `isMember` are what the payments module is given by the composition root.
 */
export function createCoursesService(deps: CoursesDeps) {
  // One context for every operation: the deps and the local video store.
  const d: videos.Videos = {
    ...deps,
    local: new LocalVideos(deps.dataDir, deps.video.urlKey || deps.videoUrlKey, deps.objects),
  };
  return {
    home: (viewer: Viewer) => study.studyHome(d, viewer),
    page: (viewer: Viewer, q: CoursePageQuery) => study.coursePage(d, viewer, q),
    detail: (viewer: Viewer, id: number) => study.detail(d, viewer, id),
    problems: (viewer: Viewer, id: number) => study.problemsOf(d, viewer, id),
    rank: (viewer: Viewer, q: { course_id: number; pageNum: number; pageSize: number }) =>
      study.rank(d, viewer, q),
    join: (viewer: Viewer, id: number) => membership.join(d, viewer, id),
    save: (input: CourseAddInput) => admin.saveCourse(d, input),
    remove: (id: number) => admin.deleteCourse(d, id),
    setProblems: (req: CourseProblemSetRequest) => admin.setProblems(d, req),
    setUsers: (req: CourseUserSetRequest) => admin.setUsers(d, req),
    adminView: (id: number) => admin.adminView(d, id),
    priceOf: (courseId: number) => membership.priceOf(d, courseId),
    enrol: (courseId: number, userId: number, via: { order: string }) =>
      membership.enrol(d, courseId, userId, via),
    unenrol: (courseId: number, userId: number) => membership.unenrol(d, courseId, userId),
    isMember: (courseId: number, userId: number) => membership.isMember(d, courseId, userId),
    coursesForIndex: (ids: number[]) => membership.coursesForIndex(d, ids),
    memberCourseIds: (viewer: Viewer) => membership.memberCourseIds(d, viewer),
    courseIdsAfter: (after: number, limit: number) => membership.courseIdsAfter(d, after, limit),
    lessonVideo: (viewer: Viewer, lessonId: number) => videos.lessonVideo(d, viewer, lessonId),
    uploadLessonVideo: (req: FastifyRequest, lessonId: number) => videos.uploadLessonVideo(d, req, lessonId),
    problemVideo: (viewer: Viewer, problemId: number) => videos.problemVideo(d, viewer, problemId),
    hasProblemVideo: (problemId: number) => videos.hasProblemVideo(d, problemId),
    uploadProblemVideo: (req: FastifyRequest, problemId: number) =>
      videos.uploadProblemVideo(d, req, problemId),
    setProblemAliyunId: (problemId: number, videoId: string) =>
      videos.setProblemAliyunId(d, problemId, videoId),
    /** Checks a play URL and answers the file (with range support). */
    local: d.local,
  };
}
export type CoursesService = ReturnType<typeof createCoursesService>;
