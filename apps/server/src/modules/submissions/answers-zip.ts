import {
  ANSWER_FILES_MAX,
  ANSWERS_MAX_BYTES,
  type AnswerFileInput,
  AnswersRequest,
  type AnswersZipQuery,
} from '@oj/shared';
import { badRequest } from '../../lib/errors';
import { UPLOAD_FIELD } from '../../lib/upload';
import { readArchive } from '../problems';

/** `N.out` (or `.ans`, `.txt`), at the top or in one folder (what zipping a folder gives). */
const ANSWER_NAME = /^(?:[^/]+\/)?(\d+)\.(?:out|ans|txt)$/i;

/**
 * An output-only submission from a zip of answer files, checked like the JSON body (AnswersRequest):
 * each file names its test, nothing else may be in the zip.
 */
export async function answersFromZip(bytes: Buffer, q: AnswersZipQuery): Promise<AnswersRequest> {
  const files = await readArchive(bytes, {
    entriesMax: ANSWER_FILES_MAX + 10,
    fileMaxBytes: ANSWERS_MAX_BYTES,
    totalMaxBytes: ANSWERS_MAX_BYTES,
  });
  const answers: AnswerFileInput[] = files.map((f) => {
    const m = ANSWER_NAME.exec(f.name);
    if (!m) throw badRequest(`压缩包中的「${f.name}」不是答案文件（应命名为 1.out、2.out …）`, UPLOAD_FIELD);
    return { test: Number(m[1]), content: f.bytes.toString('utf8') };
  });
  const parsed = AnswersRequest.safeParse({
    problem_id: q.problem_id,
    answers,
    competition_id: q.competition_id,
    index: q.index,
  });
  if (!parsed.success) throw badRequest(parsed.error.issues[0].message, UPLOAD_FIELD);
  return parsed.data;
}
