/** /student/results/{resultId}: the shared result detail, and the way to its printable sheet beside its title. */
import { i18n } from 'shared-api';
import { Button, ResultDetail, useNavigate, useParams } from 'shared-ui';
import { paths } from '../paths';

export function ResultPage() {
  const { resultId = '' } = useParams();
  const navigate = useNavigate();
  return (
    <ResultDetail
      resultId={resultId}
      onBack={() => navigate(paths.results)}
      actions={(
        <Button size="sm" variant="outline" onClick={() => navigate(paths.resultSheet(resultId))}>
          {i18n._('Print result sheet')}
        </Button>
      )}
    />
  );
}
