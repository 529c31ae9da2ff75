import { z } from 'zod';
import { pageOf, pageQuery } from '../paging';
import { ANNOUNCEMENT_CONTENT_MAX, ANNOUNCEMENT_TITLE_MAX } from './announcement-rules';
import { nameText } from './common';

/**
 * Site announcements (公告, issue 18): admins write them in markdown; the home page lists the
 * published ones that have not expired, and the user site shows the newest pinned one as a bar
 * that each reader may dismiss. Unpublished or expired announcements reach admins only.
 */

export { ANNOUNCEMENT_CONTENT_MAX, ANNOUNCEMENT_TITLE_MAX } from './announcement-rules';

const flag = (label: string) =>
  z
    .union([z.boolean(), z.literal(0), z.literal(1)], { error: `${label}必须是 true 或 false` })
    .transform(Boolean);

/** Body of `announcement/admin/add` and `announcement/admin/modify` (the latter with `announcement_id`). */
export const AnnouncementInput = z.object({
  title: nameText('标题')
    .trim()
    .min(1, '标题不能为空')
    .max(ANNOUNCEMENT_TITLE_MAX, `标题不能超过 ${ANNOUNCEMENT_TITLE_MAX} 个字符`),
  content: z
    .string({ error: '内容必须是文字' })
    .refine((s) => s.trim().length > 0, '内容不能为空')
    .refine((s) => s.length <= ANNOUNCEMENT_CONTENT_MAX, `内容不能超过 ${ANNOUNCEMENT_CONTENT_MAX} 个字符`),
  published: flag('是否发布').default(true),
  pinned: flag('是否置顶').default(false),
  /** ISO-8601 time after which the announcement is no longer shown; null = never expires. */
  expire_time: z
    .string({ error: '过期时间必须是时间文字' })
    .refine((s) => !Number.isNaN(Date.parse(s)), '过期时间不是有效的时间')
    .transform((s) => new Date(s).toISOString())
    .nullish()
    .transform((v) => v ?? null),
});
export type AnnouncementInput = z.infer<typeof AnnouncementInput>;
export type AnnouncementInputRaw = z.input<typeof AnnouncementInput>;

const announcementId = z.coerce
  .number({ error: '公告编号必须是整数' })
  .int('公告编号必须是整数')
  .min(1, '公告编号必须是正整数');

export const AnnouncementModifyInput = AnnouncementInput.extend({ announcement_id: announcementId });
export type AnnouncementModifyInput = z.infer<typeof AnnouncementModifyInput>;

export const SiteAnnouncementIdQuery = z.object({ announcement_id: announcementId });
export type SiteAnnouncementIdQuery = z.infer<typeof SiteAnnouncementIdQuery>;

/** `announcement/admin/pin?announcement_id&pinned=0|1`. */
export const AnnouncementPinQuery = SiteAnnouncementIdQuery.extend({
  pinned: z.coerce
    .number({ error: '是否置顶必须是 0 或 1' })
    .int('是否置顶必须是 0 或 1')
    .min(0, '是否置顶必须是 0 或 1')
    .max(1, '是否置顶必须是 0 或 1'),
});
export type AnnouncementPinQuery = z.infer<typeof AnnouncementPinQuery>;

export const AnnouncementListQuery = pageQuery(10);
export type AnnouncementListQuery = z.infer<typeof AnnouncementListQuery>;

export const AnnouncementView = z.object({
  announcement_id: z.number().int(),
  title: z.string(),
  /** Markdown, rendered by the sites' one renderer (raw HTML off). */
  content: z.string(),
  pinned: z.boolean(),
  published: z.boolean(),
  expire_time: z.string().nullable(),
  /** Past its expiry time: shown to admins only. */
  expired: z.boolean(),
  author_name: z.string(),
  create_time: z.string(),
  update_time: z.string(),
});
export type AnnouncementView = z.infer<typeof AnnouncementView>;

export const AnnouncementPage = pageOf(AnnouncementView);
export type AnnouncementPage = z.infer<typeof AnnouncementPage>;

export const AnnouncementCreated = z.object({ announcement_id: z.number().int() });

/** `announcement/bar`: the newest pinned published announcement that has not expired, or null. */
export const AnnouncementBar = AnnouncementView.nullable();
