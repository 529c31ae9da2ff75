import type {
  ClassBulkRequest,
  ClassDecideRequest,
  ClassInput,
  ClassMemberRoleRequest,
  ClassModifyRequest,
  HomeworkInput,
  HomeworkModifyRequest,
} from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import * as bulk from './bulk';
import * as classProblems from './class-problem-pages';
import * as classes from './classes';
import * as homework from './homework';
import * as insight from './insight';
import type { ClassesDeps } from './deps';
import * as members from './members';
import * as repo from './repo';

/**
 * Classes for teachers (issue 27 part 1; docs/classes.md) bound to their dependencies: classes and
 * their settings (classes.ts), members, join requests and announcements (members.ts), bulk student
 * accounts (bulk.ts). Every read and write asks the one rule of access.ts.
 */
export function createClassesService(d: ClassesDeps) {
  return {
    create: (viewer: Viewer, input: ClassInput) => classes.createClass(d, viewer, input),
    modify: (viewer: Viewer, req: ClassModifyRequest) => classes.modifyClass(d, viewer, req),
    detail: (viewer: Viewer, classId: number) => classes.classDetail(d, viewer, classId),
    mine: (viewer: Viewer) => classes.myClasses(d, viewer),
    /** Names of the classes a user is in, newest first, one statement (a user card's 练习情况). */
    namesOf: async (uuid: number) => (await repo.classesOf(d.db, uuid)).map((c) => ({ name: c.name })),
    adminList: (viewer: Viewer) => classes.adminClasses(d, viewer),
    regenerateCode: (viewer: Viewer, classId: number) => classes.regenerateCode(d, viewer, classId),
    archive: (viewer: Viewer, classId: number, archived: boolean) =>
      classes.archiveClass(d, viewer, classId, archived),
    remove: (viewer: Viewer, classId: number) => classes.deleteClass(d, viewer, classId),
    join: (viewer: Viewer, code: string) => members.joinByCode(d, viewer, code),
    members: (viewer: Viewer, classId: number) => members.listMembers(d, viewer, classId),
    requests: (viewer: Viewer, classId: number) => members.listRequests(d, viewer, classId),
    decide: (viewer: Viewer, req: ClassDecideRequest) => members.decideRequest(d, viewer, req),
    setRole: (viewer: Viewer, req: ClassMemberRoleRequest) => members.setMemberRole(d, viewer, req),
    removeMember: (viewer: Viewer, classId: number, userId: number) =>
      members.removeMember(d, viewer, classId, userId),
    announcements: (viewer: Viewer, classId: number) => members.listAnnouncements(d, viewer, classId),
    announce: (viewer: Viewer, classId: number, content: string) =>
      members.addAnnouncement(d, viewer, classId, content),
    deleteAnnouncement: (viewer: Viewer, classId: number, id: number) =>
      members.deleteAnnouncement(d, viewer, classId, id),
    bulkAccounts: (viewer: Viewer, req: ClassBulkRequest) => bulk.createStudentAccounts(d, viewer, req),
    workbook: bulk.studentsWorkbook,
    readSheet: (viewer: Viewer, classId: number, bytes: Buffer) =>
      bulk.readStudentSheet(d, viewer, classId, bytes),
    /** A member's practice in the class (insight.ts): managers any member's, a member their own. */
    studentInsight: (viewer: Viewer, classId: number, uuid: number) =>
      insight.studentInsight(d, viewer, classId, uuid),
    /** Class problems (class-problem-pages.ts, issue 27 part 3): a class's list, a teacher's own. */
    problems: {
      ofClass: (viewer: Viewer, classId: number) => classProblems.classProblemList(d, viewer, classId),
      authored: (viewer: Viewer) => classProblems.authoredClassProblems(d, viewer),
    },
    /** Homework (homework.ts): teachers and TAs of its classes manage it, their students do it. */
    homework: {
      create: (viewer: Viewer, input: HomeworkInput) => homework.createHomework(d, viewer, input),
      modify: (viewer: Viewer, req: HomeworkModifyRequest) => homework.modifyHomework(d, viewer, req),
      remove: (viewer: Viewer, id: number) => homework.deleteHomework(d, viewer, id),
      ofClass: (viewer: Viewer, classId: number) => homework.classHomework(d, viewer, classId),
      mine: (viewer: Viewer) => homework.myHomework(d, viewer),
      detail: (viewer: Viewer, id: number) => homework.homeworkDetail(d, viewer, id),
      matrix: (viewer: Viewer, id: number) => homework.homeworkMatrix(d, viewer, id),
      /** 学情分析 (insight.ts): per problem where the students are stuck (managers). */
      insight: (viewer: Viewer, id: number) => insight.homeworkInsight(d, viewer, id),
      workbook: homework.matrixWorkbook,
      /** The periodic check of published and day-before notices (service-lifecycle.ts). */
      notices: () => homework.homeworkNotices(d),
    },
  };
}
export type ClassesService = ReturnType<typeof createClassesService>;
