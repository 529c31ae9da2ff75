import { Role, type CompetitionInfo, type CurrentUser } from '../../../lib/contract';

/**
 * Whether the viewer may read the contest's problems, as the server decides it (checkMayRead in
 * the competitions service): admins and the author always; others once it started, and for a
 * password contest only after joining. The pages show the join prompt instead of a refusal.
 */
export function mayReadProblems(contest: CompetitionInfo, started: boolean, user: CurrentUser): boolean {
  if (contest.editable || user.role === Role.Admin || contest.owner_uuid === user.uuid) return true;
  return started && (!contest.has_password || contest.joined);
}
