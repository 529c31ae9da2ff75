/** The message when a typed tag is already in the field (TagsInput). */
export const tagAlreadyThere = (tag: string) => `标签「${tag}」已经添加过了`;
