/** Why an exam cannot be published yet: the rules, and where this exam stands against them. */
import { QUESTIONS_PER_TYPE, TOTAL_QUESTIONS, type Question } from 'shared-api';
import { Button, Dialog, List, Portal, Stack, Text } from 'shared-ui';
import { missingNumbers } from './question-numbers';

export function PublishRulesDialog({ open, onClose, questions }: { open: boolean; onClose: () => void; questions: Question[] }) {
  const reading = questions.filter((q) => q.type === 'Reading').length;
  const listening = questions.filter((q) => q.type === 'Listening').length;
  const missR = missingNumbers('Reading', questions);
  const missL = missingNumbers('Listening', questions);
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Publish Rules</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <List.Root gap="1" ps="5">
                  <List.Item>An exam needs exactly {TOTAL_QUESTIONS} questions to be published.</List.Item>
                  <List.Item>{QUESTIONS_PER_TYPE} Reading questions, numbered 1 to 20.</List.Item>
                  <List.Item>{QUESTIONS_PER_TYPE} Listening questions, numbered 21 to 40, each with its listening audio.</List.Item>
                  <List.Item>Every question has four options and an answer from 1 to 4.</List.Item>
                </List.Root>
                <Text fontWeight="medium">This exam: Reading {reading}/{QUESTIONS_PER_TYPE}, Listening {listening}/{QUESTIONS_PER_TYPE}.</Text>
                {missR.length > 0 && <Text fontSize="sm">Missing Reading numbers: {missR.join(', ')}</Text>}
                {missL.length > 0 && <Text fontSize="sm">Missing Listening numbers: {missL.join(', ')}</Text>}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button onClick={onClose}>Close</Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
