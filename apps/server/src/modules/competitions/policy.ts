import { Role } from '@oj/shared';
import type { Viewer } from '../../lib/auth';

/**
 * Every permission decision about contests, in one place (the `can()` vocabulary of
 * lib/permissions.ts, kept next to the module): grep `canContest(` to see them all.
 */
export interface ContestSubject {
  ownerUuid: number | null;
  started: boolean;
}

export type ContestAction =
  | { action: 'contest.create' }
  /** Admin-only operations of SPEC §6: rated flag, freeze, rating, delete, export. */
  | { action: 'contest.administer' }
  /** Edit name, times, problems: admins, and the author until the start. */
  | { action: 'contest.edit'; subject: ContestSubject }
  /** See the problems before the start (admins and the author prepare them). */
  | { action: 'contest.preview'; subject: ContestSubject }
  /** The true standings while others see the frozen board. */
  | { action: 'contest.viewUnfrozen' };

const isAdmin = (v: Viewer) => v.role === Role.Admin;
const isUser = (v: Viewer) => v.role === Role.User || v.role === Role.Admin;
const isOwner = (v: Viewer, s: ContestSubject) => isUser(v) && s.ownerUuid === v.uuid;

export function canContest(viewer: Viewer, request: ContestAction): boolean {
  switch (request.action) {
    case 'contest.create':
      return isUser(viewer);
    case 'contest.administer':
    case 'contest.viewUnfrozen':
      return isAdmin(viewer);
    // After the start the problem set and times are part of the results: admins only.
    case 'contest.edit':
      return isAdmin(viewer) || (isOwner(viewer, request.subject) && !request.subject.started);
    case 'contest.preview':
      return isAdmin(viewer) || isOwner(viewer, request.subject);
  }
}
