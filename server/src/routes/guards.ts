/**
 * The preValidation checks of the route folders: a refused caller gets 403 { error: 'Forbidden' } before its body is
 * validated. The token itself is verified once for every signed-in route (./index.ts).
 */
import { requireRole, requireSelf, ROLES } from '../auth/index.ts';

/** the path's last segment, `:userId`, is the signed-in user */
export const self = requireSelf('userId');
export const admin = requireRole(ROLES.admin);
export const institute = requireRole(ROLES.institute);
export const student = requireRole(ROLES.student);
/** admins and institutes */
export const backOffice = requireRole(ROLES.admin, ROLES.institute);
