/**
 * The authoring rules that need no yup (messages, media checks), for the upload fields and the profile picture.
 * Messages in English (the server writes them too; the screens translate them as they show them, and
 * ../validation-messages.ts lists the built ones).
 */
import { LISTENING_MAX_BYTES, PROFILE_IMAGE_MAX_BYTES } from '../constants';
import { msg } from '../checks';

export const MSG_CATEGORY_REQUIRED = /*i18n*/ 'Category is required';
export const MSG_REFERENCE_EXAM_REQUIRED = /*i18n*/ 'Reference Exam is required';
/** The spec's wording, double space included. */
export const MSG_LISTENING_AND_TEXT = /*i18n*/ 'Must have both listening  and text';
export const MSG_CANNOT_BE_EMPTY = /*i18n*/ 'Cannot be Empty';

export const IMAGE_TYPES = ['image/png', 'image/jpeg'];
export const IMAGE_MAX_BYTES = PROFILE_IMAGE_MAX_BYTES;

/** The shared checker's message for a file a label refuses, or null when it may be uploaded. */
export function checkMediaFile(kind: 'image' | 'audio', file: { type: string; name: string; size: number }, label: string): string | null {
  if (kind === 'image') {
    if (!IMAGE_TYPES.includes(file.type)) return msg.fileType(label, ['png', 'jpeg']);
    if (file.size > IMAGE_MAX_BYTES) return msg.fileSize(label, IMAGE_MAX_BYTES / 1024);
    return null;
  }
  if (!file.type.startsWith('audio/') && !/\.mp3$/i.test(file.name)) return msg.fileType(label, ['mp3', 'audio']);
  if (file.size > LISTENING_MAX_BYTES) return msg.fileSize(label, LISTENING_MAX_BYTES / 1024);
  return null;
}
