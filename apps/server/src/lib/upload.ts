import type { FastifyRequest } from 'fastify';
import { formatSize } from './body-limits';
import { badRequest, tooLarge } from './errors';

/** The one form field an upload carries (the sites and SPEC's clients send `file`). */
export const UPLOAD_FIELD = 'file';

/** Errors of the multipart parser (busboy, @fastify/multipart) that a client causes, in Chinese. */
function uploadError(err: unknown, what: string, maxBytes: number): Error {
  const e = err as { code?: string; message?: string };
  switch (e.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge(`${what}不能超过 ${formatSize(maxBytes)}`, UPLOAD_FIELD);
    case 'FST_FILES_LIMIT':
      return badRequest('一次只能上传一个文件', UPLOAD_FIELD);
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_PROTO_VIOLATION':
      return badRequest(`上传表单只能包含一个 ${UPLOAD_FIELD} 文件字段`, UPLOAD_FIELD);
  }
  // busboy's own words for a body cut short or malformed ("Unexpected end of form",
  // "Malformed part header", "Part terminated early" …), and a client that went away.
  if (
    e.code === 'FST_MP_PREMATURE_CLOSE' ||
    /unexpected end|malformed|terminated early|boundary/i.test(e.message ?? '')
  )
    return badRequest('上传的表单数据不完整或格式错误，请重新上传', UPLOAD_FIELD);
  return err as Error;
}

/**
 * Reads the one file of an upload: exactly one part, a file in the `file` field, at most
 * `maxBytes`. A second file, any other field, a truncated or malformed body are refused with a
 * 4xx in Chinese (never a 500), and nothing is kept of them.
 */
export async function readSingleUpload(
  req: FastifyRequest,
  opts: { maxBytes: number; what: string },
): Promise<{ bytes: Buffer; filename: string }> {
  if (!req.isMultipart()) throw badRequest('请使用 multipart/form-data 上传文件');
  let upload: { bytes: Buffer; filename: string } | null = null;
  try {
    // One part at most: a second one (file or field) raises the parts limit.
    const parts = req.parts({ limits: { fileSize: opts.maxBytes, files: 1, fields: 0, parts: 1 } });
    for await (const part of parts) {
      if (part.type !== 'file' || part.fieldname !== UPLOAD_FIELD) {
        if (part.type === 'file') part.file.resume();
        throw badRequest(`上传表单只能包含一个 ${UPLOAD_FIELD} 文件字段`, UPLOAD_FIELD);
      }
      upload = { bytes: await part.toBuffer(), filename: part.filename };
    }
  } catch (err) {
    throw uploadError(err, opts.what, opts.maxBytes);
  }
  if (!upload) throw badRequest(`请选择要上传的${opts.what}`, UPLOAD_FIELD);
  if (upload.bytes.length === 0) throw badRequest(`${opts.what}不能是空文件`, UPLOAD_FIELD);
  return upload;
}
