/**
 * A media file of an exam package, checked as an upload is (the upload rules: ../uploads.ts, with the limits of
 * shared-api's constants) and more strictly: an image must be png or jpeg; an audio file must decode (music-metadata
 * reads its frames and finds a codec and a length), whatever its name or first bytes claim.
 */
import { createHash } from 'node:crypto';
import { parseBuffer } from 'music-metadata';
import type { MediaKind } from 'shared-api/media-url';
import { msg } from 'shared-api/checks';
import { UPLOAD_RULES, uploadMessage } from 'shared-api/uploads';
import { MAX_BYTES, sniffMedia } from '../uploads.ts';

export interface CheckedMedia {
  data: Buffer;
  hash: string;
  ext: string;
  mime: string;
}

const IMAGE_EXTS = ['png', 'jpg'];
export const MEDIA_MSG = {
  notAudio: 'The audio cannot be decoded',
} as const;

/** The size message of a kind, when `size` is over its limit (checked before a byte is read). */
export function sizeProblem(kind: MediaKind, size: number): string | null {
  return size > MAX_BYTES[kind] ? uploadMessage.size(kind) : null;
}

/** The checked file, or the checker's message of what is wrong with it. */
export async function checkMedia(data: Buffer, kind: MediaKind): Promise<CheckedMedia | { error: string }> {
  const size = sizeProblem(kind, data.length);
  if (size) return { error: size };
  const sniffed = sniffMedia(data);
  if (kind === 'image') {
    if (!sniffed || sniffed.kind !== 'image' || !IMAGE_EXTS.includes(sniffed.ext)) return { error: msg.fileType(UPLOAD_RULES.image.label, ['png', 'jpeg']) };
  } else {
    if (!sniffed || sniffed.kind !== 'audio') return { error: uploadMessage.type('audio') };
    if (!(await decodes(data, sniffed.mime))) return { error: MEDIA_MSG.notAudio };
  }
  return { data, hash: createHash('sha256').update(data).digest('hex'), ext: sniffed.ext, mime: sniffed.mime };
}

/** True when music-metadata reads the audio through: a codec, a sample rate and a length of more than nothing. */
async function decodes(data: Buffer, mime: string): Promise<boolean> {
  try {
    const { format } = await parseBuffer(data, { mimeType: mime, size: data.length }, { duration: true, skipCovers: true });
    return !!format.codec && !!format.sampleRate && (format.duration ?? 0) > 0;
  } catch {
    return false;
  }
}
