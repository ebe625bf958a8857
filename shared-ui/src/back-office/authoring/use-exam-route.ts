import { useSession } from 'shared-api';
import { useNavigate, useParams } from 'shared-ui';
import { authoringPaths, type AuthoringScope } from './scope';

/** What every page under exams/exam/:examId needs: the ids, the area's paths, and whether to wait for a user. */
export function useExamRoute(scope: AuthoringScope) {
  const { examId = '', resultId = '' } = useParams();
  const { user } = useSession();
  return {
    examId,
    resultId,
    user,
    navigate: useNavigate(),
    paths: authoringPaths(scope.basePath),
    args: { examId, userId: user?._id ?? '' },
    skip: !user || !examId,
  };
}
