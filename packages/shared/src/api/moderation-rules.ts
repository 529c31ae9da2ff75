// Zod-free: the report dialog and the management pages show these labels.

/** Why something is reported: a fixed list (the free text adds detail). */
export const REPORT_REASONS = [
  { value: 'spam', label: '垃圾广告' },
  { value: 'abuse', label: '辱骂、人身攻击' },
  { value: 'illegal', label: '违法违规内容' },
  { value: 'cheating', label: '比赛期间泄露答案' },
  { value: 'plagiarism', label: '抄袭他人题解' },
  { value: 'other', label: '其他' },
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number]['value'];

export const REPORT_STATUSES = [
  { value: 'open', label: '待处理' },
  { value: 'dismissed', label: '已驳回' },
  { value: 'actioned', label: '已处理' },
] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number]['value'];

export const REPORT_ACTIONS = [
  { value: 'dismiss', label: '驳回' },
  { value: 'hide', label: '隐藏内容' },
  { value: 'delete', label: '删除内容' },
  { value: 'mute', label: '禁言作者' },
] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number]['value'];

export const REPORT_TARGET_KINDS = [
  { value: 'post', label: '帖子' },
  { value: 'comment', label: '评论' },
] as const;
export type ReportTargetKind = (typeof REPORT_TARGET_KINDS)[number]['value'];

export const MODERATION_LIMITS = { detailMax: 500, reasonMax: 200, muteDaysMax: 3650 } as const;
