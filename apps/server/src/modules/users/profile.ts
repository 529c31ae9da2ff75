import { PROFILE_MAX, type PageQuery, type UserModifyRequest, type UserSettingsRequest } from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import { badRequest, notFound } from '../../lib/errors';
import { shanghaiDate } from '../problems';
import { indexedWrite, requireUser } from './accounts';
import type { UsersDeps } from './deps';
import * as repo from './repo';
import type { UserRow, UserUpdate } from './tables';
import { checkTags, parseTagsString } from './tags';

/** The owner edits their profile; the e-mail address is set at registration only. */
export async function modifyProfile(d: UsersDeps, viewer: Viewer, req: UserModifyRequest): Promise<UserRow> {
  const patch: UserUpdate = { username: req.username };
  if (req.gender !== undefined) patch.gender = req.gender;
  if (req.birth !== undefined) patch.birth = req.birth;
  if (req.school !== undefined) patch.school = req.school;
  if (req.phone !== undefined) patch.phone = req.phone.trim();
  if (req.url !== undefined) patch.url = req.url.trim();
  if (req.hobby !== undefined) patch.hobby = req.hobby;
  // SPEC §5: the profile text is cut, not refused, at 99 characters (code points, not UTF-16 units).
  if (req.profile !== undefined) patch.profile = Array.from(req.profile).slice(0, PROFILE_MAX).join('');
  if (req.tag_list !== undefined) patch.tags = JSON.stringify(checkTags(req.tag_list, 'tag_list'));
  else if (req.tags !== undefined) patch.tags = JSON.stringify(checkTags(parseTagsString(req.tags), 'tags'));
  if (req.email !== undefined) {
    const email = req.email.toLowerCase();
    const me = await requireUser(d, viewer.uuid);
    // Changing the address would bypass its verification: it is set at registration only.
    if (email !== (me.email ?? '')) throw badRequest('邮箱需要通过验证码验证，不能在资料中直接修改', 'email');
  }
  await indexedWrite(
    d,
    (trx) => repo.update(trx, viewer.uuid, patch),
    () => [viewer.uuid],
  );
  return requireUser(d, viewer.uuid);
}

/** The owner's site settings (隐藏算法标签, 在个人主页展示我的班级, issue 29): nothing the search index shows. */
export async function setSettings(d: UsersDeps, viewer: Viewer, req: UserSettingsRequest): Promise<UserRow> {
  const patch: UserUpdate = {};
  if (req.hide_tags !== undefined) patch.hide_tags = req.hide_tags ? 1 : 0;
  if (req.show_classes !== undefined) patch.show_classes = req.show_classes ? 1 : 0;
  if (Object.keys(patch).length) await repo.update(d.db, viewer.uuid, patch);
  return requireUser(d, viewer.uuid);
}

export const setAvatar = (d: UsersDeps, uuid: number, url: string) =>
  indexedWrite(
    d,
    (trx) => repo.update(trx, uuid, { avatar: url }),
    () => [uuid],
  );

/** One user's contest rating (the search index shows it). */
export const setRating = (d: UsersDeps, uuid: number, rating: number) =>
  indexedWrite(
    d,
    (trx) => repo.update(trx, uuid, { rating }),
    () => [uuid],
  );

export const setBackground = (d: UsersDeps, uuid: number, address: string) =>
  repo.update(d.db, uuid, { background_picture: address });

/**
 * User card: public fields. A signed-in reader other than the owner counts one reading a day
 * (Asia/Shanghai) and is heard by the card-view listeners; anonymous calls count none, so a
 * script cannot inflate the counter.
 */
export async function readCard(d: UsersDeps, viewer: Viewer, uuid: number): Promise<UserRow> {
  const u = await repo.byId(d.db, d.contests, uuid);
  if (!u) throw notFound(`用户 ${uuid} 不存在`);
  if (viewer.uuid <= 0 || viewer.uuid === uuid) return u;
  if (await repo.countReading(d.db, uuid, viewer.uuid, shanghaiDate())) u.readings += 1;
  await d.onCardView(viewer.uuid, uuid);
  return u;
}

/** The public user search: account and nickname. */
export const searchUsers = (d: UsersDeps, page: PageQuery, keyword: string) =>
  repo.page(d.db, d.contests, page, { keyword });
