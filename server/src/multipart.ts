/**
 * Reads a multipart request holding one file and a few text fields, with a byte limit on the file. A malformed or
 * truncated multipart body is the client's error: it becomes 400 with `badBody`, never a 500.
 */
import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';
import { unstorable } from './input.ts';

export interface MultipartFile {
  data: Buffer;
  /** the file was longer than `maxBytes`; `data` holds only the first `maxBytes` */
  truncated: boolean;
}

export async function readMultipart(
  request: FastifyRequest,
  opts: { fileField: string; maxBytes: number; badBody: string },
): Promise<{ file: MultipartFile | undefined; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw new HttpError(400, opts.badBody);
  const fields: Record<string, string> = {};
  let file: MultipartFile | undefined;
  try {
    // throwFileSizeLimit: false (accepted at run time, missing from the types): busboy discards the rest and flags it.
    const parts = request.parts({ limits: { fileSize: opts.maxBytes, files: 1, fields: 10, fieldSize: 1000, parts: 12 }, throwFileSizeLimit: false } as never);
    for await (const part of parts) {
      if (part.type === 'file') {
        const chunks: Buffer[] = [];
        for await (const c of part.file) chunks.push(c as Buffer);
        if (part.fieldname === opts.fileField && !file) file = { data: Buffer.concat(chunks), truncated: part.file.truncated };
      } else {
        const value = String(part.value ?? '').trim();
        if (unstorable(part.fieldname) || unstorable(value)) throw new HttpError(400, opts.badBody);
        fields[part.fieldname] = value;
      }
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw new HttpError(400, opts.badBody);
  }
  return { file, fields };
}
