/**
 * An exam's media upload: one multipart file, the question field it is for (`name`, echoed back) and the kind of file
 * it must be (`kind`: image or audio, the rules of shared-api/uploads), checked by content (./uploads.ts).
 */
import type { FastifyRequest } from 'fastify';
import { isExamUploadKind } from 'shared-api/uploads';
import type { Db } from '../db/index.ts';
import { HttpError } from '../errors.ts';
import { readMultipart } from '../multipart.ts';
import { storeMedia } from '../media.ts';
import { loadExamFor } from './exams.ts';
import { checkUpload, MAX_BYTES } from './uploads.ts';

const NAME_RE = /^[A-Za-z][A-Za-z0-9_]{0,49}$/;
/** The larger limit of the two kinds: the rest of a longer file is discarded and flagged truncated. */
const READ_BYTES = Math.max(...Object.values(MAX_BYTES));

export async function uploadExamFile(db: Db, request: FastifyRequest, examId: string): Promise<{ field_name: string; url: string }> {
  const exam = await loadExamFor(db, request.user, examId, 'write');
  const { file, fields } = await readMultipart(request, { fileField: 'file', maxBytes: READ_BYTES, badBody: 'Upload one file with its field name' });
  const { name, kind } = fields;
  if (!name) throw new HttpError(400, 'Name cannot be empty.');
  if (!NAME_RE.test(name)) throw new HttpError(400, ' Invalid Name.');
  if (!kind) throw new HttpError(400, 'Kind cannot be empty.');
  if (!isExamUploadKind(kind)) throw new HttpError(400, ' Invalid Kind.');
  if (!file || file.data.length === 0) throw new HttpError(400, 'File cannot be empty.');
  const checked = checkUpload(kind, file.data, file.data.length, file.truncated);
  if ('error' in checked) throw new HttpError(400, checked.error);
  const url = await storeMedia(db, file.data, checked.ok.mime, checked.ok.ext, request.user.id);
  request.log.info({ exam: exam.id, field: name, kind, url }, 'media uploaded');
  return { field_name: name, url };
}
