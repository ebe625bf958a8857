/** The profile screen's session and picture helpers: no UI here. */
import { sessionActions, type AppDispatch, type User, type useSession } from 'shared-api';
import { fileProblem } from 'shared-api/uploads';

/** Keeps the stored session (local storage and the store) in step after the user changes its details or password. */
export function updateStoredSession(dispatch: AppDispatch, session: { token: string; user: User; institute: ReturnType<typeof useSession>['institute'] }) {
  localStorage.setItem('token', session.token);
  localStorage.setItem('user', JSON.stringify(session.user));
  dispatch(sessionActions.signedIn(session));
}

/** The upload rules of a profile picture (shared-api/uploads, as the server's); '' when the file is fine. */
export function checkProfileImage(file: { type: string; name: string; size: number }): string {
  return fileProblem('picture', file, 'Image') ?? '';
}
