/** What a back office may do on the people screens; the route files pass one of these, the screens never test role strings. */
export interface PeoplePermissions {
  role: 'admin' | 'institute';
  /** '/admin' or '/institute' */
  basePath: string;
  /** admin: institutes list and detail, report, adding users to an institute */
  canManageInstitutes: boolean;
  /** admin: the 'Users With No Institute' and 'All Users' tabs */
  canSeeAllUsers: boolean;
  userDetailPath: (id: string) => string;
  instituteDetailPath: (id: string) => string;
  resultPath: (resultId: string) => string;
}

export function peoplePermissions(role: 'admin' | 'institute', basePath: string): PeoplePermissions {
  const admin = role === 'admin';
  return {
    role,
    basePath,
    canManageInstitutes: admin,
    canSeeAllUsers: admin,
    userDetailPath: (id) => `${basePath}/users/${id}`,
    // Institutes have no institutes route; an institute never views another institute.
    instituteDetailPath: (id) => (admin ? `${basePath}/institutes/${id}` : `${basePath}/users/${id}`),
    resultPath: (resultId) => `${basePath}/results/${resultId}`,
  };
}

// The product's one date formatter (shared-api/src/dates.ts), re-exported for the people screens.
export { formatDate, formatDateTime, isoDate, nextDay } from 'shared-api/dates';
