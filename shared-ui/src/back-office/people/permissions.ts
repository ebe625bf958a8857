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

/** YYYY-MM-DD of a local date. */
export function isoDate(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

export function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00`);
  d.setDate(d.getDate() + 1);
  return isoDate(d);
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString();
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : isoDate(d);
}
