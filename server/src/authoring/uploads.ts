/**
 * Upload checks for exam media: the kind of a file is read from its first bytes (magic numbers), never from its
 * name or declared mimetype; the field it is meant for (`name`) says which kinds are accepted and the size limit.
 */
import { LISTENING_MAX_BYTES, PROFILE_IMAGE_MAX_BYTES } from 'shared-api/constants';
import type { MediaKind } from 'shared-api/media-url';

export interface Sniffed {
  kind: MediaKind;
  /** the stored extension (also decides how the URL is checked later) */
  ext: string;
  mime: string;
}

export const IMAGE_MAX_BYTES = PROFILE_IMAGE_MAX_BYTES; // 716800 (700KB)
export const AUDIO_MAX_BYTES = LISTENING_MAX_BYTES; // 1048576 (1024KB)
export const MAX_BYTES: Record<MediaKind, number> = { image: IMAGE_MAX_BYTES, audio: AUDIO_MAX_BYTES };

export const IMAGE_TYPES = ['png', 'jpeg', 'gif', 'webp'];
export const AUDIO_TYPES = ['mp3', 'ogg', 'wav', 'm4a'];

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

/** The media kind of `b` from its content, or null when it is none of the accepted types. */
export function sniffMedia(b: Buffer): Sniffed | null {
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { kind: 'image', ext: 'png', mime: 'image/png' };
  }
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return { kind: 'image', ext: 'jpg', mime: 'image/jpeg' };
  if (b.length >= 6 && (ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a')) return { kind: 'image', ext: 'gif', mime: 'image/gif' };
  if (b.length >= 12 && ascii(b, 0, 4) === 'RIFF') {
    const form = ascii(b, 8, 12);
    if (form === 'WEBP') return { kind: 'image', ext: 'webp', mime: 'image/webp' };
    if (form === 'WAVE') return { kind: 'audio', ext: 'wav', mime: 'audio/wav' };
    return null;
  }
  if (b.length >= 10 && ascii(b, 0, 3) === 'ID3' && b[3]! <= 4) return { kind: 'audio', ext: 'mp3', mime: 'audio/mpeg' };
  if (isMpegFrame(b)) return { kind: 'audio', ext: 'mp3', mime: 'audio/mpeg' };
  if (b.length >= 4 && ascii(b, 0, 4) === 'OggS') return { kind: 'audio', ext: 'ogg', mime: 'audio/ogg' };
  // ISO base media (m4a / mp4 audio): [size]['ftyp'][brand]
  if (b.length >= 12 && ascii(b, 4, 8) === 'ftyp') return { kind: 'audio', ext: 'm4a', mime: 'audio/mp4' };
  return null;
}

export interface FieldRule {
  label: string;
  accepts: MediaKind[];
}

const NAME_RE = /^[A-Za-z][A-Za-z0-9_]{0,49}$/;

/**
 * What the upload field `name` accepts. 'listening' and 'optionN_listening' (audio of a listening-and-text option) take
 * audio; 'optionN' takes an image or audio (the option type decides, and is checked when the question is saved);
 * every other field (main_heading, description, heading, ...) takes an image. Null for a malformed name.
 */
export function fieldRule(name: string): FieldRule | null {
  if (!NAME_RE.test(name)) return null;
  if (/listening|audio/i.test(name)) return { label: 'Listening', accepts: ['audio'] };
  const option = /^option([1-4])$/.exec(name);
  if (option) return { label: `Option ${option[1]}`, accepts: ['image', 'audio'] };
  return { label: 'Image', accepts: ['image'] };
}

export const fileMsg = {
  type: (label: string, types: string[]) => `${label} only supports type of ${types.join(', ')}`,
  size: (label: string, kb: number) => `${label} cannot exceed ${kb}KB`,
};

/**
 * Checks a received file (possibly cut at `limit` bytes: `truncated`) against its field.
 * Returns the sniffed type, or the checker's message.
 */
export function checkUpload(rule: FieldRule, head: Buffer, size: number, truncated: boolean): { ok: Sniffed } | { error: string } {
  const sniffed = sniffMedia(head);
  const types = rule.accepts.flatMap((k) => (k === 'image' ? IMAGE_TYPES : AUDIO_TYPES));
  if (!sniffed || !rule.accepts.includes(sniffed.kind)) return { error: fileMsg.type(rule.label, types) };
  const max = MAX_BYTES[sniffed.kind];
  if (truncated || size > max) {
    const label = rule.accepts.length > 1 ? (sniffed.kind === 'image' ? 'Image' : 'Listening') : rule.label;
    return { error: fileMsg.size(label, Math.round(max / 1024)) };
  }
  return { ok: sniffed };
}
