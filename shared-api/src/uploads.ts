/**
 * The upload rules, one table for the forms and the server: the kinds of file an upload can be, the types each kind
 * accepts, its size limit and the messages. The forms check a chosen file by its declared type (shared-ui's upload
 * field and profile picture); the server checks the bytes it receives against the same kind (server/src/authoring/
 * upload.ts, people/profile.ts), the kind said by the request, never guessed.
 */
import { PROFILE_IMAGE_MAX_BYTES, LISTENING_MAX_BYTES } from './constants';
import { msg } from './checks';
import type { MediaKind } from './media-url';

/** A file type: the name the messages give it, the MIME types a browser may declare for it, its file extensions. */
export interface FileType { media: MediaKind; mimes: readonly string[]; extensions: readonly string[] }

export const FILE_TYPES = {
  png: { media: 'image', mimes: ['image/png'], extensions: ['png'] },
  jpeg: { media: 'image', mimes: ['image/jpeg', 'image/pjpeg'], extensions: ['jpg', 'jpeg'] },
  gif: { media: 'image', mimes: ['image/gif'], extensions: ['gif'] },
  webp: { media: 'image', mimes: ['image/webp'], extensions: ['webp'] },
  mp3: { media: 'audio', mimes: ['audio/mpeg', 'audio/mp3'], extensions: ['mp3'] },
  ogg: { media: 'audio', mimes: ['audio/ogg'], extensions: ['ogg', 'oga'] },
  wav: { media: 'audio', mimes: ['audio/wav', 'audio/x-wav', 'audio/wave'], extensions: ['wav'] },
  m4a: { media: 'audio', mimes: ['audio/mp4', 'audio/x-m4a', 'audio/m4a'], extensions: ['m4a'] },
} as const satisfies Record<string, FileType>;
export type FileTypeName = keyof typeof FILE_TYPES;

export interface UploadRule {
  /** the label of the server's messages (a form names its own field) */
  label: string;
  types: readonly FileTypeName[];
  maxBytes: number;
}

/** The kinds of upload and their rules. */
export const UPLOAD_RULES = {
  /** a question's image: main heading, description, an image option (POST upload-file, kind=image) */
  image: { label: 'Image', types: ['png', 'jpeg', 'gif', 'webp'], maxBytes: PROFILE_IMAGE_MAX_BYTES },
  /** a question's audio: the listening, a listening option (POST upload-file, kind=audio) */
  audio: { label: 'Listening', types: ['mp3', 'ogg', 'wav', 'm4a'], maxBytes: LISTENING_MAX_BYTES },
  /** a profile picture (PUT users/changePicture) */
  picture: { label: 'Image', types: ['png', 'jpeg'], maxBytes: PROFILE_IMAGE_MAX_BYTES },
} as const satisfies Record<string, UploadRule>;
export type UploadKind = keyof typeof UPLOAD_RULES;

/** The kinds an exam's media upload (POST upload-file) takes: the field `kind` of its request. */
export const EXAM_UPLOAD_KINDS = ['image', 'audio'] as const satisfies readonly UploadKind[];
export type ExamUploadKind = (typeof EXAM_UPLOAD_KINDS)[number];
export const isExamUploadKind = (v: unknown): v is ExamUploadKind => (EXAM_UPLOAD_KINDS as readonly unknown[]).includes(v);

/** The messages of a kind's rules, for a field called `label` (the rule's own label by default). */
export const uploadMessage = {
  type: (kind: UploadKind, label: string = UPLOAD_RULES[kind].label) => msg.fileType(label, [...UPLOAD_RULES[kind].types]),
  size: (kind: UploadKind, label: string = UPLOAD_RULES[kind].label) => msg.fileSize(label, Math.round(UPLOAD_RULES[kind].maxBytes / 1024)),
};

/** The type of a file by what the browser declares (its MIME type, else its name's extension), among a kind's types. */
export function declaredType(kind: UploadKind, file: { type: string; name: string }): FileTypeName | null {
  const types = UPLOAD_RULES[kind].types;
  const byMime = types.find((t) => (FILE_TYPES[t].mimes as readonly string[]).includes(file.type.toLowerCase()));
  if (byMime) return byMime;
  const ext = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  return types.find((t) => (FILE_TYPES[t].extensions as readonly string[]).includes(ext)) ?? null;
}

/** A form's check of a chosen file: the message for the field `label`, or null when it may be uploaded. */
export function fileProblem(kind: UploadKind, file: { type: string; name: string; size: number }, label?: string): string | null {
  if (!declaredType(kind, file)) return uploadMessage.type(kind, label);
  if (file.size > UPLOAD_RULES[kind].maxBytes) return uploadMessage.size(kind, label);
  return null;
}

/** The `accept` attribute of a file input for a kind: its MIME types and extensions. */
export const acceptOf = (kind: UploadKind): string => UPLOAD_RULES[kind].types
  .flatMap((t) => [...FILE_TYPES[t].mimes, ...FILE_TYPES[t].extensions.map((e) => `.${e}`)]).join(',');

/** A kind's types and limit as a field's hint shows them: `png, jpeg, gif, webp` and 700 `KB` (1 `MB` for 1024KB). */
export function uploadHint(kind: UploadKind): { types: string; size: number; unit: 'KB' | 'MB' } {
  const kb = Math.round(UPLOAD_RULES[kind].maxBytes / 1024);
  const types = UPLOAD_RULES[kind].types.join(', ');
  return kb % 1024 === 0 ? { types, size: kb / 1024, unit: 'MB' } : { types, size: kb, unit: 'KB' };
}
