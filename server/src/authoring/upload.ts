/** An exam's media upload: one multipart file with the name of the question field it is for (checks: ./uploads.ts). */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/index.ts';
import { HttpError } from '../errors.ts';
import { readMultipart } from '../multipart.ts';
import { storeMedia } from '../media.ts';
import { loadExamFor } from './exams.ts';
import { AUDIO_MAX_BYTES, checkUpload, fieldRule } from './uploads.ts';

export async function uploadExamFile(db: Db, request: FastifyRequest, examId: string): Promise<{ field_name: string; url: string }> {
  const exam = await loadExamFor(db, request.user, examId, 'write');
  // Reads at most AUDIO_MAX_BYTES (the larger limit) of the file; the rest is discarded and flagged truncated.
  const { file, fields } = await readMultipart(request, { fileField: 'file', maxBytes: AUDIO_MAX_BYTES, badBody: 'Upload one file with its field name' });
  const name = fields.name;
  if (!name) throw new HttpError(400, 'Name cannot be empty.');
  const rule = fieldRule(name);
  if (!rule) throw new HttpError(400, ' Invalid Name.');
  if (!file || file.data.length === 0) throw new HttpError(400, 'File cannot be empty.');
  const checked = checkUpload(rule, file.data, file.data.length, file.truncated);
  if ('error' in checked) throw new HttpError(400, checked.error);
  const url = await storeMedia(db, file.data, checked.ok.mime, checked.ok.ext, request.user.id);
  request.log.info({ exam: exam.id, field: name, url }, 'media uploaded');
  return { field_name: name, url };
}
