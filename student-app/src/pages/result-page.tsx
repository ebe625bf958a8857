/** /student/results/{resultId}: the shared result detail, and the way to its printable sheet. */
import { i18n } from 'shared-api';
import { Button, HStack, ResultDetail, Stack, useNavigate, useParams } from 'shared-ui';
import { paths } from '../paths';

export function ResultPage() {
  const { resultId = '' } = useParams();
  const navigate = useNavigate();
  return (
    <Stack gap="0">
      <HStack justify="flex-end">
        <Button size="sm" variant="outline" onClick={() => navigate(paths.resultSheet(resultId))}>
          {i18n._('Print result sheet')}
        </Button>
      </HStack>
      <ResultDetail resultId={resultId} onBack={() => navigate(paths.results)} />
    </Stack>
  );
}
