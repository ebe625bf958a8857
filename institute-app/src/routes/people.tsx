/** People routes of this area (users, institutes, user detail, profile, today's results, reports). */
import type { NavItem } from 'shared-ui';

export const peopleNav: NavItem[] = [];
export const peopleRoutes = null;
