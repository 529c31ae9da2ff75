import type { AdminUserRow, CurrentUser, PublicUser } from '@oj/shared';
import { ANONYMOUS_USER } from '@oj/shared';
import type { UserRow } from './tables';

/** Pictures shown when a user has not chosen any (made by the seed, content-addressed). */
export interface UserDefaults {
  avatar: string;
  background: string;
}

const tagList = (json: string): string[] => {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
};

/** Everything the owner may see of itself. The password hash never leaves through here. */
export function presentCurrent(u: UserRow, d: UserDefaults): CurrentUser {
  const tags = tagList(u.tags);
  return {
    uuid: u.id,
    account: u.account,
    username: u.username,
    avatar: u.avatar || d.avatar,
    tags: tags.join(','),
    tag_list: tags,
    hobby: u.hobby,
    email: u.email ?? '',
    phone: u.phone,
    gender: u.gender,
    school: u.school,
    profile: u.profile,
    rating: u.rating,
    rated: u.rated,
    role: u.role,
    is_boss: u.is_boss === 1,
    birth: u.birth,
    create_time: u.create_time,
    update_time: u.update_time,
    readings: u.readings,
    url: u.url,
    background_picture: u.background_picture || d.background,
    teacher: u.teacher === 1,
    must_change_credential: u.must_change_password === 1,
    hide_tags: u.hide_tags === 1,
    show_classes: u.show_classes === 1,
  };
}

/** The anonymous user of SPEC §7, with this site's default pictures. */
export function presentAnonymous(d: UserDefaults): CurrentUser {
  return { ...ANONYMOUS_USER, avatar: d.avatar, background_picture: d.background };
}

/** What anyone may see of another user: no e-mail, phone or birthday. */
export function presentPublic(u: UserRow, d: UserDefaults): PublicUser {
  const c = presentCurrent(u, d);
  return {
    uuid: c.uuid,
    account: c.account,
    username: c.username,
    avatar: c.avatar,
    tags: c.tags,
    tag_list: c.tag_list,
    hobby: c.hobby,
    gender: c.gender,
    school: c.school,
    profile: c.profile,
    rating: c.rating,
    rated: c.rated,
    role: c.role,
    create_time: c.create_time,
    readings: c.readings,
    url: c.url,
    background_picture: c.background_picture,
  };
}

export function presentAdminRow(u: UserRow, d: UserDefaults): AdminUserRow {
  const { tag_list: _t, hobby: _h, birth: _b, url: _u, ...row } = presentCurrent(u, d);
  return row;
}
