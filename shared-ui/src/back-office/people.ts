// People screens (users, institutes, user detail, access, results, reports), shared by the admin and institute back offices.
export { peoplePermissions, type PeoplePermissions } from './people/permissions';
export { UserManagementPage } from './people/user-management';
export { InstitutesPage, InstituteDialog } from './people/institutes';
export { UsersTable } from './people/users-table';
export { AddUserDialog, EditUserDialog } from './people/user-dialogs';
export { UserAccessTab, AccessDialog } from './people/user-access';
export { TodaysResultsPage } from './people/todays-results';
export { ResultPage } from './people/result-page';
export { UserDetailPage, ReportPage } from './people/lazy';
