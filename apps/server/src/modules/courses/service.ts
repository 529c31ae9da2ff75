import type {
  CourseAddInput,
  CoursePageQuery,
  CourseProblemSetRequest,
  CourseUserSetRequest,
} from '@oj/shared';
import type { FastifyRequest } from 'fastify';
import type { Viewer } from '../../lib/auth';
import * as admin from './admin';
import { type CoursesDeps, isMember } from './deps';
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
  const v: videos.Videos = { ...deps, local: new LocalVideos(deps.dataDir, deps.video.urlKey) };
  return {
    home: (viewer: Viewer) => study.studyHome(deps, viewer),
    page: (viewer: Viewer, q: CoursePageQuery) => study.coursePage(deps, viewer, q),
    detail: (viewer: Viewer, id: number) => study.detail(deps, viewer, id),
    problems: (viewer: Viewer, id: number) => study.problemsOf(deps, viewer, id),
    rank: (viewer: Viewer, q: { course_id: number; pageNum: number; pageSize: number }) =>
      study.rank(deps, viewer, q),
    join: (viewer: Viewer, id: number) => membership.join(deps, viewer, id),
    async save(input: CourseAddInput): Promise<{ course_id: number }> {
      const { course_id, orphans } = await admin.saveCourse(deps, input);
      await v.local.remove(orphans);
      return { course_id };
    },
    remove: (id: number) => admin.deleteCourse(deps, id),
    setProblems: (req: CourseProblemSetRequest) => admin.setProblems(deps, req),
    setUsers: (req: CourseUserSetRequest) => admin.setUsers(deps, req),
    adminView: (id: number) => admin.adminView(deps, id),
    priceOf: (courseId: number) => membership.priceOf(deps, courseId),
    enrol: (courseId: number, userId: number, via: { order: string }) =>
      membership.enrol(deps, courseId, userId, via),
    unenrol: (courseId: number, userId: number) => membership.unenrol(deps, courseId, userId),
    isMember: (courseId: number, userId: number) => isMember(deps, courseId, userId),
    coursesForIndex: (ids: number[]) => membership.coursesForIndex(deps, ids),
    memberCourseIds: (viewer: Viewer) => membership.memberCourseIds(deps, viewer),
    courseIdsAfter: (after: number, limit: number) => membership.courseIdsAfter(deps, after, limit),
    lessonVideo: (viewer: Viewer, lessonId: number) => videos.lessonVideo(v, viewer, lessonId),
    uploadLessonVideo: (req: FastifyRequest, lessonId: number) => videos.uploadLessonVideo(v, req, lessonId),
    problemVideo: (viewer: Viewer, problemId: number) => videos.problemVideo(v, viewer, problemId),
    uploadProblemVideo: (req: FastifyRequest, problemId: number) =>
      videos.uploadProblemVideo(v, req, problemId),
    setProblemAliyunId: (problemId: number, videoId: string) =>
      videos.setProblemAliyunId(v, problemId, videoId),
    /** Checks a play URL and answers the file (with range support). */
    local: v.local,
  };
}
export type CoursesService = ReturnType<typeof createCoursesService>;
