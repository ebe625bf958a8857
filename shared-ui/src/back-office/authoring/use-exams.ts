import { useSession } from 'shared-api';
import { useGetAdminExamsQuery, useGetInstituteExamsQuery } from 'shared-api/back-office';
import type { AuthoringScope } from './scope';

/** The exams this back office authors: every exam for a scope that sees all, else the user's own list. */
export function useAuthoredExams(scope: AuthoringScope) {
  const { user } = useSession();
  const id = user?._id ?? '';
  const all = useGetAdminExamsQuery(id, { skip: !user || !scope.seesAllExams });
  const own = useGetInstituteExamsQuery(id, { skip: !user || scope.seesAllExams });
  return scope.seesAllExams ? all : own;
}
