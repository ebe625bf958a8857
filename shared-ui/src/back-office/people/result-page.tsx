/** A result opened from a results table (/results/{resultId}). */
import { ResultDetail, useNavigate, useParams } from 'shared-ui';

export function ResultPage() {
  const { resultId = '' } = useParams();
  const navigate = useNavigate();
  return <ResultDetail resultId={resultId} onBack={() => navigate(-1)} />;
}
