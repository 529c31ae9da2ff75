import { useQuery } from '@tanstack/react-query';
import type { AdminTeamSaveRaw, MyTeam, TeamList, TeamView } from '../lib/contract';
import { get, post } from './http';
import { useInvalidate } from './query';

/**
 * Issue 26 part 3: teams of a team contest (the caller's team, creating, joining by invite code,
 * the captain's management, the admins' team list), typed by the shared contract
 * (packages/shared/src/api/contest-teams.ts).
 */

const C = '/api/competition';

export const myTeam = (competition_id: number) =>
  get<MyTeam>(`${C}/team/mine`, { query: { competition_id }, silent: true });
export const teamList = (competition_id: number) =>
  get<TeamList>(`${C}/team/list`, { query: { competition_id } });
export const createTeam = (competition_id: number, name: string, affiliation: string, password?: string) =>
  post<TeamView>(`${C}/team/create`, { json: { competition_id, name, affiliation, password } });
export const joinTeam = (competition_id: number, invite_code: string) =>
  post<TeamView>(`${C}/team/join`, { json: { competition_id, invite_code } });
export const addTeamMember = (competition_id: number, account: string) =>
  post<TeamView>(`${C}/team/add-member`, { json: { competition_id, account } });
export const removeTeamMember = (competition_id: number, uuid: number) =>
  post<null>(`${C}/team/remove-member`, { json: { competition_id, uuid } });
export const leaveTeam = (competition_id: number) =>
  post<null>(`${C}/team/leave`, { json: { competition_id } });
export const dissolveTeam = (competition_id: number) =>
  post<null>(`${C}/team/dissolve`, { json: { competition_id } });
export const adminSaveTeam = (body: AdminTeamSaveRaw) =>
  post<TeamView>(`${C}/admin/team/save`, { json: body });
export const adminDeleteTeam = (competition_id: number, team_id: number) =>
  post<null>(`${C}/admin/team/delete`, { json: { competition_id, team_id } });
export const adminTeamUnofficial = (competition_id: number, team_id: number, unofficial: boolean) =>
  post<null>(`${C}/admin/team/unofficial`, {
    json: { competition_id, team_id, unofficial: unofficial ? 1 : 0 },
  });

/** Under the contests' prefix: a team change reads the contest (joined, participants) again too. */
export const myTeamKey = (id: number) => ['competition', 'team', 'mine', id] as const;
export const teamListKey = (id: number) => ['competition', 'team', 'list', id] as const;

export const useMyTeam = (id: number, enabled: boolean) =>
  useQuery({ queryKey: myTeamKey(id), queryFn: () => myTeam(id), enabled: id > 0 && enabled, retry: false });
export const useTeamList = (id: number, enabled = true) =>
  useQuery({ queryKey: teamListKey(id), queryFn: () => teamList(id), enabled: id > 0 && enabled });
export const useRefreshTeams = () => useInvalidate(['competition']);
