/** /student/results/{resultId}: the shared result detail. */
import { ResultDetail, useNavigate, useParams } from 'shared-ui';
import { paths } from '../paths';

export function ResultPage() {
  const { resultId = '' } = useParams();
  const navigate = useNavigate();
  return <ResultDetail resultId={resultId} onBack={() => navigate(paths.results)} />;
}
