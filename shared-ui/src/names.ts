/**
 * shared-ui/names: how the layout names the signed-in user, and the avatar's initials. Without imports, so that a page
 * painted before the app runs (student-app/src/first-paint/paint.ts) writes them as the layout does.
 */

/** The header's name: the account's display name, else first and last name, else its email. */
export function displayName(user: { name?: string | null; first_name?: string | null; last_name?: string | null; email?: string | null } | null | undefined): string {
  return user?.name || [user?.first_name, user?.last_name].filter(Boolean).join(' ') || user?.email || '';
}

/** Chakra's initials: first letters of the first and last words. */
export function avatarInitials(name: string): string {
  const names = name.trim().split(' ');
  const first = names[0] ?? '';
  const last = names.length > 1 ? names[names.length - 1]! : '';
  return first && last ? `${first.charAt(0)}${last.charAt(0)}` : first.charAt(0);
}
