import { Role } from '../lib/contract';

/** Access metadata of a route (SPEC §2): access 0 public, 1 logged in; `role` a minimum role (admin pages). */
export interface RouteMeta {
  title?: string;
  access?: 0 | 1;
  role?: Role;
}

export interface GuardUser {
  uuid: number;
  role: number;
}

/** The strictest requirement of all matched routes (a child can tighten but never loosen its parent). */
export function combineMeta(metas: Array<RouteMeta | undefined>): { access: 0 | 1; role?: Role } {
  let access: 0 | 1 = 0;
  let role: Role | undefined;
  for (const m of metas) {
    if (!m) continue;
    if (m.access === 1) access = 1;
    if (m.role !== undefined && (role === undefined || m.role > role)) role = m.role;
  }
  return { access, role };
}

/**
 * SPEC §6, in this order: not logged in → /user/login?redirect=<wanted full path>; banned → /404;
 * lacking the required role → /home. Answers the redirect target, or null to let the navigation pass.
 */
export function guardRedirect(
  required: { access: 0 | 1; role?: Role },
  user: GuardUser,
  wantedFullPath: string,
): string | null {
  if (required.access === 0 && required.role === undefined) return null;
  if (user.uuid === -1 || user.role === Role.NotLogin)
    return `/user/login?redirect=${encodeURIComponent(wantedFullPath)}`;
  if (user.role === Role.Ban) return '/404';
  if (required.role !== undefined && user.role !== required.role) return '/home';
  return null;
}
