/** Why an exam cannot be published yet: the rules, and where this exam stands against them. */
import { LISTENING_RANGE, QUESTIONS_PER_TYPE, READING_RANGE, TOTAL_QUESTIONS, formatNumber, i18n, localDigits, type Question } from 'shared-api';
import { Button, List, Stack, Text } from 'shared-ui';
import { DialogFrame } from '../common/dialog-frame';
import { missingNumbers } from './question-numbers';

export function PublishRulesDialog({ open, onClose, questions }: { open: boolean; onClose: () => void; questions: Question[] }) {
  const reading = questions.filter((q) => q.type === 'Reading').length;
  const listening = questions.filter((q) => q.type === 'Listening').length;
  const missR = missingNumbers('Reading', questions);
  const missL = missingNumbers('Listening', questions);
  return (
    <DialogFrame title={i18n._('Publish Rules')} open={open} onClose={onClose} footer={<Button onClick={onClose}>{i18n._('Close')}</Button>}>
      <Stack gap="3">
        <List.Root gap="1" ps="5">
          <List.Item>{i18n._('An exam needs exactly {total} questions to be published.', { total: formatNumber(TOTAL_QUESTIONS) })}</List.Item>
          <List.Item>{i18n._('{count} Reading questions, numbered {from} to {to}.', { count: formatNumber(QUESTIONS_PER_TYPE), from: formatNumber(READING_RANGE[0]), to: formatNumber(READING_RANGE[1]) })}</List.Item>
          <List.Item>
            {i18n._('{count} Listening questions, numbered {from} to {to}, each with its listening audio.', { count: formatNumber(QUESTIONS_PER_TYPE), from: formatNumber(LISTENING_RANGE[0]), to: formatNumber(LISTENING_RANGE[1]) })}
          </List.Item>
          <List.Item>{i18n._('Every question has four options and an answer from 1 to 4.')}</List.Item>
        </List.Root>
        <Text fontWeight="medium">
          {i18n._('This exam: Reading {reading}/{perType}, Listening {listening}/{perType}.', { reading: formatNumber(reading), listening: formatNumber(listening), perType: formatNumber(QUESTIONS_PER_TYPE) })}
        </Text>
        {missR.length > 0 && <Text fontSize="sm">{i18n._('Missing Reading numbers: {numbers}', { numbers: localDigits(missR.join(', ')) })}</Text>}
        {missL.length > 0 && <Text fontSize="sm">{i18n._('Missing Listening numbers: {numbers}', { numbers: localDigits(missL.join(', ')) })}</Text>}
      </Stack>
    </DialogFrame>
  );
}
