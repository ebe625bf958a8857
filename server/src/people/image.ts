/** Profile pictures: the type is read from the bytes (magic numbers), never from the file name or the browser's claim. */
import { PROFILE_IMAGE_MAX_BYTES } from 'shared-api/constants';
import { msg } from 'shared-api/checks';
import { HttpError } from '../errors.ts';

export const PROFILE_IMAGE_TYPES = ['png', 'jpeg'];
export const IMAGE_TYPE_MESSAGE = msg.fileType('Image', PROFILE_IMAGE_TYPES);
export const IMAGE_SIZE_MESSAGE = msg.fileSize('Image', PROFILE_IMAGE_MAX_BYTES / 1024);

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** png or jpeg by content, else null. */
export function sniffImage(buf: Buffer): { mime: string; ext: string } | null {
  if (buf.length >= PNG.length && buf.subarray(0, PNG.length).equals(PNG)) return { mime: 'image/png', ext: 'png' };
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return { mime: 'image/jpeg', ext: 'jpg' };
  return null;
}

/** Checks a profile picture; throws 400 with the spec's messages. */
export function checkProfileImage(buf: Buffer): { mime: string; ext: string } {
  if (buf.length > PROFILE_IMAGE_MAX_BYTES) throw new HttpError(400, IMAGE_SIZE_MESSAGE);
  const kind = sniffImage(buf);
  if (!kind) throw new HttpError(400, IMAGE_TYPE_MESSAGE);
  return kind;
}
