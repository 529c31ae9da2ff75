import { Role } from '@oj/shared';
import type { Viewer } from './auth';

/**
 * The one permission vocabulary (STYLE §4): every decision that depends on who asks is written
 * here, so a reviewer can grep `can(` and see them all, and the table test covers each.
 */
export interface TargetUser {
  uuid: number;
  role: number;
  isBoss: boolean;
}
export interface OwnedThing {
  ownerUuid: number | null;
}
/** A contest as permissions see it: its author, and whether it has started. */
export interface ContestSubject {
  ownerUuid: number | null;
  started: boolean;
}

export type Action =
  | { action: 'user.ban'; subject: TargetUser }
  | { action: 'user.unban'; subject: TargetUser }
  | { action: 'user.list' }
  | { action: 'admin.manage' }
  | { action: 'admin.revoke'; subject: TargetUser }
  | { action: 'picture.delete'; subject: OwnedThing }
  | { action: 'picture.use'; subject: OwnedThing }
  | { action: 'problem.manage' }
  /**
   * Write a new problem (editor, tests, checker): administrators, and teachers (`teacher`: the 教师
   * mark) — a teacher's problem is always a hidden class problem of classes it teaches (issue 27).
   */
  | { action: 'problem.create'; subject: { teacher: boolean } }
  /**
   * Edit one problem, its test data, checker and jury solutions: administrators; a teacher only a
   * class problem it wrote (`classProblem`: private to classes; `ownerUuid`: its author).
   */
  | { action: 'problem.edit'; subject: OwnedThing & { classProblem: boolean; teacher: boolean } }
  | { action: 'problem.viewHidden' }
  | { action: 'submission.viewCode'; subject: OwnedThing }
  /**
   * Someone else's code that its owner shared (a code replay): only where the code may be shown at
   * all (`exposable`: not behind a running contest or a freeze, the record readable by the viewer).
   */
  | { action: 'submission.viewSharedCode'; subject: OwnedThing & { shared: boolean; exposable: boolean } }
  | { action: 'submission.rejudge' }
  /**
   * Every judged test's details (input, expected output, checker message) whatever the problem's
   * setting (issue 22): admins, and the problem's author (`ownerUuid`).
   */
  | { action: 'problem.viewTestDetails'; subject: OwnedThing }
  | { action: 'judge.submit' }
  | { action: 'contest.create' }
  /** Admin-only contest operations of SPEC §6: rated flag, freeze, rating, delete, export. */
  | { action: 'contest.administer' }
  /** Edit name, times, problems: admins, and the author until the start. */
  | { action: 'contest.edit'; subject: ContestSubject }
  /** See the problems before the start (admins and the author prepare them). */
  | { action: 'contest.preview'; subject: ContestSubject }
  /** The true standings while others see the frozen board. */
  | { action: 'contest.viewUnfrozen' }
  /** Edit or delete a post (its author, admins); also read it while it is hidden. */
  | { action: 'post.edit'; subject: OwnedThing }
  /**
   * Read what the forum hides from others: hidden posts and hidden problems' posts, solutions
   * behind a policy or a running contest. (Moderation calls are admin routes: requireRole.)
   */
  | { action: 'post.readAll' }
  /** Delete a comment: its author, the post's author, admins. */
  | { action: 'comment.delete'; subject: OwnedThing & { postOwnerUuid: number } }
  /** The order list of every buyer, and refunds (money leaves the site): admins only. */
  | { action: 'payment.manage' }
  /** Courses and study plans: create, edit, delete, members, videos (SPEC §6: admins). */
  | { action: 'course.manage' }
  /** Site announcements: write, publish, pin, delete, and read unpublished or expired ones (admins). */
  | { action: 'announcement.manage' }
  /** Lessons and videos: a free plan's for everyone, a course's for its members (and admins). */
  | { action: 'course.viewContent'; subject: CourseSubject };

/** A plan or course as permissions see it: whether it is a course and whether the viewer is a member. */
export interface CourseSubject {
  kind: 'plan' | 'course';
  member: boolean;
}

const isActiveAdmin = (v: Viewer) => v.role === Role.Admin;
const isUser = (v: Viewer) => v.role === Role.User || v.role === Role.Admin;

export function can(viewer: Viewer, request: Action): boolean {
  switch (request.action) {
    case 'user.list':
      return isActiveAdmin(viewer);
    // An admin may ban plain users only: never another admin, never the boss, never itself.
    case 'user.ban':
      return (
        isActiveAdmin(viewer) &&
        request.subject.uuid !== viewer.uuid &&
        !request.subject.isBoss &&
        (request.subject.role === Role.User || request.subject.role === Role.Ban)
      );
    case 'user.unban':
      return isActiveAdmin(viewer) && request.subject.role === Role.Ban;
    case 'admin.manage':
      return isActiveAdmin(viewer) && viewer.isBoss;
    // The boss cannot revoke itself: there must always be one.
    case 'admin.revoke':
      return isActiveAdmin(viewer) && viewer.isBoss && !request.subject.isBoss;
    case 'picture.delete':
      return isUser(viewer) && request.subject.ownerUuid === viewer.uuid;
    // Built-in pictures (no owner) are for everyone; own pictures for their owner only.
    case 'picture.use':
      return (
        isUser(viewer) && (request.subject.ownerUuid === null || request.subject.ownerUuid === viewer.uuid)
      );
    // Problems, test data, the daily problem and rejudging are the admins' (SPEC §6).
    case 'problem.manage':
    case 'problem.viewHidden':
    case 'submission.rejudge':
      return isActiveAdmin(viewer);
    case 'problem.create':
      return isActiveAdmin(viewer) || (isUser(viewer) && request.subject.teacher);
    case 'problem.edit':
      return (
        isActiveAdmin(viewer) ||
        (isUser(viewer) &&
          request.subject.teacher &&
          request.subject.classProblem &&
          request.subject.ownerUuid === viewer.uuid)
      );
    // Source code stays with its author; admins read it to review and rejudge.
    case 'submission.viewCode':
      return isActiveAdmin(viewer) || (isUser(viewer) && request.subject.ownerUuid === viewer.uuid);
    case 'problem.viewTestDetails':
      return isActiveAdmin(viewer) || (isUser(viewer) && request.subject.ownerUuid === viewer.uuid);
    case 'submission.viewSharedCode':
      return (
        can(viewer, { action: 'submission.viewCode', subject: request.subject }) ||
        (viewer.role !== Role.Ban && request.subject.shared && request.subject.exposable)
      );
    case 'judge.submit':
    case 'contest.create':
      return isUser(viewer);
    case 'contest.administer':
    case 'contest.viewUnfrozen':
    case 'payment.manage':
      return isActiveAdmin(viewer);
    // After the start the problem set and times are part of the results: admins only.
    case 'contest.edit':
      return (
        isActiveAdmin(viewer) ||
        (isUser(viewer) && request.subject.ownerUuid === viewer.uuid && !request.subject.started)
      );
    case 'contest.preview':
      return isActiveAdmin(viewer) || (isUser(viewer) && request.subject.ownerUuid === viewer.uuid);
    case 'post.edit':
      return isActiveAdmin(viewer) || (isUser(viewer) && request.subject.ownerUuid === viewer.uuid);
    case 'post.readAll':
      return isActiveAdmin(viewer);
    case 'comment.delete':
      return (
        isActiveAdmin(viewer) ||
        (isUser(viewer) &&
          (request.subject.ownerUuid === viewer.uuid || request.subject.postOwnerUuid === viewer.uuid))
      );
    case 'course.manage':
    case 'announcement.manage':
      return isActiveAdmin(viewer);
    // A banned member keeps the membership but not the content.
    case 'course.viewContent':
      return (
        isActiveAdmin(viewer) ||
        (request.subject.kind === 'plan' && viewer.role !== Role.Ban) ||
        (isUser(viewer) && request.subject.member)
      );
  }
}
