/**
 * 'Congratulation, Exam Ended': the server's figures for the submitted attempt (the spec's lines, then the score out of
 * 200 and the section scores) and where to go next.
 */
import { MSG, formatNumber, i18n, localDigits, type SubmitResponse } from 'shared-api';
import { formatSectionScore, formatTotalScore } from 'shared-api/scores';
import { Box, Button, Dialog, Portal, SimpleGrid, Stack, Text, useNavigate } from 'shared-ui';
import { paths } from '../paths';

export function ExamEndedDialog({ result }: { result: SubmitResponse }) {
  const navigate = useNavigate();
  // [English name (the test id), value]; the names are shown translated
  const rows: [string, string][] = [
    [/*i18n*/ 'Name', result.name],
    [/*i18n*/ 'Exam id', result.user_uid],
    [/*i18n*/ 'Total Questions', formatNumber(result.totalQuestions)],
    [/*i18n*/ 'Total Attempt', formatNumber(result.attempted)],
    [/*i18n*/ 'Total Correct', formatNumber(result.correct)],
    [/*i18n*/ 'Your Percentage', localDigits(`${result.percentage}%`)],
    [/*i18n*/ 'Score', formatTotalScore(result)],
    [/*i18n*/ 'Reading', formatSectionScore(result.readingScore)],
    [/*i18n*/ 'Listening', formatSectionScore(result.listeningScore)],
  ];
  return (
    <Dialog.Root open role="alertdialog" placement="center" closeOnInteractOutside={false} closeOnEscape={false}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="exam-ended">
            <Dialog.Header>
              <Dialog.Title>{MSG.examEnded}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <SimpleGrid columns={2} gap="2" as="dl">
                {rows.map(([k, v]) => (
                  <Box key={k} display="contents">
                    <Text as="dt" color="fg.muted">
                      {i18n._(k)}
                    </Text>
                    <Text as="dd" fontWeight="semibold" data-testid={`ended-${k}`}>
                      {v}
                    </Text>
                  </Box>
                ))}
              </SimpleGrid>
            </Dialog.Body>
            <Dialog.Footer>
              <Stack direction={{ base: 'column', sm: 'row' }} w="full" justify="flex-end" gap="2">
                {result.resultId && (
                  <Button colorPalette="blue" onClick={() => navigate(paths.result(result.resultId))}>
                    {i18n._('View Result')}
                  </Button>
                )}
                <Button variant="outline" onClick={() => navigate(paths.results)}>
                  {i18n._('Results List')}
                </Button>
                <Button variant="outline" onClick={() => navigate(paths.exams)}>
                  {i18n._('Back To Main Page')}
                </Button>
              </Stack>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
