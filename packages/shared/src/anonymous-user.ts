// Zod-free, so the sites can import it without pulling zod into their first load.
import type { CurrentUser } from './api/users';
import { Role } from './enums';

/**
 * SPEC §7: the blank user for "not logged in". The server answers it from `GET /api/user/current`
 * (with its default avatar and background filled in) and the sites fall back to it when the current
 * user cannot be had. Frozen, as every caller shares it; copy it to change a field.
 */
export const ANONYMOUS_USER: CurrentUser = Object.freeze({
  uuid: -1,
  account: '',
  username: '',
  avatar: '',
  tags: '',
  tag_list: [],
  hobby: '',
  email: '',
  phone: '',
  gender: '',
  school: '',
  profile: '',
  rating: 0,
  rated: false,
  role: Role.NotLogin,
  is_boss: false,
  birth: '',
  create_time: '',
  update_time: '',
  readings: 0,
  url: '',
  background_picture: '',
  teacher: false,
  must_change_credential: false,
  hide_tags: false,
  show_classes: false,
});
