/** Media references of this server: `/media/<sha256>.<ext>`, the url an upload answers with (server and forms). */
import { FILE_TYPES } from './uploads';

export type MediaKind = 'image' | 'audio';

/** A stored media file's name: its content's sha256 and its extension. */
export const MEDIA_NAME_RE = /^([0-9a-f]{64})\.([a-z0-9]{1,5})$/;
/** The extensions of each kind's file types (./uploads.ts). */
const extensionsOf = (media: MediaKind) => new Set<string>(Object.values(FILE_TYPES).filter((t) => t.media === media).flatMap((t) => t.extensions));
export const IMAGE_EXTS = extensionsOf('image');
export const AUDIO_EXTS = extensionsOf('audio');

/** The hash and kind (by extension) of a media reference of this server, or null when `url` is not one. */
export function parseMediaUrl(url: string): { hash: string; kind: MediaKind } | null {
  const m = /^\/media\/([^/]+)$/.exec(url);
  const name = m ? MEDIA_NAME_RE.exec(m[1]!) : null;
  if (!name) return null;
  const ext = name[2]!;
  const kind: MediaKind | null = IMAGE_EXTS.has(ext) ? 'image' : AUDIO_EXTS.has(ext) ? 'audio' : null;
  return kind ? { hash: name[1]!, kind } : null;
}
