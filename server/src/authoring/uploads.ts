/**
 * Upload checks by content: the type of a file is read from its first bytes (magic numbers), never from its name or
 * declared mimetype, and checked against the rules of the kind the request names (shared-api/uploads: one table for
 * the forms and the server).
 */
import type { MediaKind } from 'shared-api/media-url';
import { FILE_TYPES, UPLOAD_RULES, uploadMessage, type FileTypeName, type UploadKind } from 'shared-api/uploads';

export interface Sniffed {
  kind: MediaKind;
  /** the type's name in the upload rules */
  type: FileTypeName;
  /** the stored extension (also decides how the URL is checked later) */
  ext: string;
  mime: string;
}

/** The size limit of each kind of exam media. */
export const MAX_BYTES: Record<MediaKind, number> = { image: UPLOAD_RULES.image.maxBytes, audio: UPLOAD_RULES.audio.maxBytes };

const sniffed = (type: FileTypeName): Sniffed =>
  ({ kind: FILE_TYPES[type].media, type, ext: FILE_TYPES[type].extensions[0], mime: FILE_TYPES[type].mimes[0] });

const ascii = (b: Buffer, start: number, end: number) => b.subarray(start, end).toString('latin1');

/** True for an MPEG audio frame header (layer I-III, valid version, bitrate and sampling rate). */
function isMpegFrame(b: Buffer, at = 0): boolean {
  if (b.length < at + 4) return false;
  const b1 = b[at + 1]!;
  const b2 = b[at + 2]!;
  if (b[at] !== 0xff || (b1 & 0xe0) !== 0xe0) return false;
  const version = (b1 >> 3) & 0x03; // 01 reserved
  const layer = (b1 >> 1) & 0x03; // 00 reserved (also AAC ADTS)
  const bitrate = (b2 >> 4) & 0x0f; // 1111 bad
  const rate = (b2 >> 2) & 0x03; // 11 reserved
  return version !== 1 && layer !== 0 && bitrate !== 0x0f && rate !== 0x03;
}

/** The type of `b` from its content, or null when it is none of the types of the upload rules. */
export function sniffMedia(b: Buffer): Sniffed | null {
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return sniffed('png');
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return sniffed('jpeg');
  if (b.length >= 6 && (ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a')) return sniffed('gif');
  if (b.length >= 12 && ascii(b, 0, 4) === 'RIFF') {
    const form = ascii(b, 8, 12);
    if (form === 'WEBP') return sniffed('webp');
    if (form === 'WAVE') return sniffed('wav');
    return null;
  }
  if (b.length >= 10 && ascii(b, 0, 3) === 'ID3' && b[3]! <= 4) return sniffed('mp3');
  if (isMpegFrame(b)) return sniffed('mp3');
  if (b.length >= 4 && ascii(b, 0, 4) === 'OggS') return sniffed('ogg');
  // ISO base media (m4a / mp4 audio): [size]['ftyp'][brand]
  if (b.length >= 12 && ascii(b, 4, 8) === 'ftyp') return sniffed('m4a');
  return null;
}

/**
 * Checks a received file (possibly cut at `limit` bytes: `truncated`) against the rules of `kind`.
 * Returns the sniffed type, or the rule's message.
 */
export function checkUpload(kind: UploadKind, head: Buffer, size: number, truncated: boolean): { ok: Sniffed } | { error: string } {
  const found = sniffMedia(head);
  const rule = UPLOAD_RULES[kind];
  if (!found || !(rule.types as readonly FileTypeName[]).includes(found.type)) return { error: uploadMessage.type(kind) };
  if (truncated || size > rule.maxBytes) return { error: uploadMessage.size(kind) };
  return { ok: found };
}
