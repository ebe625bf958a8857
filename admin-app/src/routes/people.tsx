/** People routes of this area (users, institutes, user detail, profile, today's results, reports). */
import { ProfilePage, Route, type NavItem } from 'shared-ui';
import {
  InstitutesPage, ReportPage, ResultPage, TodaysResultsPage, UserDetailPage, UserManagementPage, peoplePermissions,
} from 'shared-ui/back-office';
import { paths } from '../paths';

const perms = peoplePermissions('admin', paths.home);

export const peopleNav: NavItem[] = [
  { label: /*i18n*/ 'Manage User', to: paths.users },
  { label: /*i18n*/ 'Manage Institute', to: paths.institutes },
  { label: /*i18n*/ 'View Report', to: paths.reports },
  { label: /*i18n*/ 'Todays Results', to: paths.results },
  { label: /*i18n*/ 'Profile', to: paths.profile },
];

export const peopleRoutes = (
  <>
    <Route path="users" element={<UserManagementPage perms={perms} />} />
    <Route path="users/:userId" element={<UserDetailPage perms={perms} />} />
    <Route path="institutes" element={<InstitutesPage perms={perms} />} />
    <Route path="institutes/:userId" element={<UserDetailPage perms={perms} />} />
    <Route path="profile" element={<ProfilePage showPictureCard />} />
    <Route path="results" element={<TodaysResultsPage perms={perms} />} />
    <Route path="results/:resultId" element={<ResultPage />} />
    <Route path="reports" element={<ReportPage perms={perms} />} />
  </>
);
