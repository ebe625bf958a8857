/**
 * 'Congratulation, Exam Ended': the server's figures for the submitted attempt (the spec's lines, then the score out of
 * 200 and the section scores) and where to go next.
 */
import { MSG, type SubmitResponse } from 'shared-api';
import { formatSectionScore, formatTotalScore } from 'shared-api/scores';
import { Box, Button, Dialog, Portal, SimpleGrid, Stack, Text, useNavigate } from 'shared-ui';
import { paths } from '../paths';

export function ExamEndedDialog({ result }: { result: SubmitResponse }) {
  const navigate = useNavigate();
  const rows: [string, string][] = [
    ['Name', result.name],
    ['Exam id', result.user_uid],
    ['Total Questions', String(result.totalQuestions)],
    ['Total Attempt', String(result.attempted)],
    ['Total Correct', String(result.correct)],
    ['Your Percentage', `${result.percentage}%`],
    ['Score', formatTotalScore(result)],
    ['Reading', formatSectionScore(result.readingScore)],
    ['Listening', formatSectionScore(result.listeningScore)],
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
                      {k}
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
                    View Result
                  </Button>
                )}
                <Button variant="outline" onClick={() => navigate(paths.results)}>
                  Results List
                </Button>
                <Button variant="outline" onClick={() => navigate(paths.exams)}>
                  Back To Main Page
                </Button>
              </Stack>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
