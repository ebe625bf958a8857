/** The profile screen's session and picture helpers: no UI here. */
import { PROFILE_IMAGE_MAX_BYTES, msg, sessionActions, type AppDispatch, type User, type useSession } from 'shared-api';

/** Keeps the stored session (local storage and the store) in step after the user changes its details or password. */
export function updateStoredSession(dispatch: AppDispatch, session: { token: string; user: User; institute: ReturnType<typeof useSession>['institute'] }) {
  localStorage.setItem('token', session.token);
  localStorage.setItem('user', JSON.stringify(session.user));
  dispatch(sessionActions.signedIn(session));
}

export const IMAGE_TYPES = ['image/png', 'image/jpeg'];

/** The shared checker's file rules for the profile picture; '' when the file is fine. */
export function checkProfileImage(file: { type: string; size: number }): string {
  if (!IMAGE_TYPES.includes(file.type)) return msg.fileType('Image', ['png', 'jpeg']);
  if (file.size > PROFILE_IMAGE_MAX_BYTES) return msg.fileSize('Image', PROFILE_IMAGE_MAX_BYTES / 1024);
  return '';
}

