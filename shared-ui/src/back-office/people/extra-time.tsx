/**
 * A student's extra time (accommodations) in the User Access tab: a card with what is set and the Extra Time dialog
 * (none, +25 %, +50 %, +100 % or a number of minutes). The server applies it when an attempt starts.
 */
import { Box, Button, Card, HStack, Stack, Text, ErrorState, LoadingState, TextField, notify } from 'shared-ui';
import { useState } from 'react';
import {
  EXTRA_MINUTES_MAX, EXTRA_TIME_PERCENTS, errorText, formatNumber, i18n, useSession, type ExtraTime, type ExtraTimeInput,
} from 'shared-api';
import { schemaResolver, useForm } from 'shared-api/form';
import { useGetExtraTimeQuery } from 'shared-api/student-exam';
import { minutesText } from 'shared-api/leaves';
import { extraTimeSchema, useSetExtraTimeMutation } from 'shared-api/back-office';
import { FormDialog } from '../common/form-dialog';
import { SelectField } from '../common/select-field';

/** "+25 % (13 minutes)", "+20 minutes", "None". */
export function extraTimeLabel(e: Pick<ExtraTime, 'percent' | 'minutes' | 'extraSeconds'>): string {
  if (e.percent) return i18n._('+{percent} % ({time})', { percent: formatNumber(e.percent), time: minutesText(e.extraSeconds) });
  if (e.minutes) return i18n._('+{minutes} minutes', { minutes: formatNumber(e.minutes) });
  return i18n._('None');
}

export interface ExtraTimeValues extends Record<string, unknown> {
  /** 'none', a percentage ('25', '50', '100') or 'minutes' */
  choice: string;
  minutes: string;
}

export function extraTimeValues(e: ExtraTime | undefined): ExtraTimeValues {
  if (e?.percent) return { choice: String(e.percent), minutes: '' };
  if (e?.minutes) return { choice: 'minutes', minutes: String(e.minutes) };
  return { choice: 'none', minutes: '' };
}

/** The request body of the dialog's values (what the shared rules check, here and on the server). */
export function extraTimeBody(studentId: string, v: ExtraTimeValues): ExtraTimeInput {
  if (v.choice === 'none') return { user: studentId, kind: 'none' };
  if (v.choice === 'minutes') return { user: studentId, kind: 'minutes', value: v.minutes.trim() === '' ? null : Number(v.minutes) };
  return { user: studentId, kind: 'percent', value: Number(v.choice) };
}

const choices = () => [
  { value: 'none', label: i18n._('None') },
  ...EXTRA_TIME_PERCENTS.map((p) => ({ value: String(p), label: i18n._('+{percent} %', { percent: formatNumber(p) }) })),
  { value: 'minutes', label: i18n._('A number of minutes') },
];

export function ExtraTimeCard({ studentId }: { studentId: string }) {
  const { user: me } = useSession();
  const q = useGetExtraTimeQuery({ userId: me?._id ?? '', studentId }, { skip: !me });
  const [open, setOpen] = useState(false);
  if (q.isLoading) return <LoadingState label={i18n._('Loading extra time…')} />;
  if (q.error || !q.data) return <ErrorState title={i18n._('Load Error')} message={errorText(q.error, i18n._('Error loading extra time'))} onRetry={() => void q.refetch()} />;
  const e = q.data;
  return (
    <Card.Root data-testid="extra-time-card">
      <Card.Body>
        <HStack justify="space-between" flexWrap="wrap" gap="2">
          {/* a term and its values, not a heading and a paragraph (axe: p-as-heading) */}
          <Box as="dl">
            <Text as="dt" fontSize="sm" color="fg.muted">
              {i18n._('Extra time')}
            </Text>
            <Text as="dd" fontWeight="bold" fontSize="lg" data-testid="extra-time">
              {extraTimeLabel(e)}
            </Text>
            <Text as="dd" fontSize="sm" color="fg.muted">
              {i18n._('Exam length for this student: {time}. Applied when an exam is started.', { time: minutesText(e.durationSeconds + e.extraSeconds) })}
            </Text>
          </Box>
          <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
            {i18n._('Set Extra Time')}
          </Button>
        </HStack>
      </Card.Body>
      {open && <ExtraTimeDialog studentId={studentId} current={e} onClose={() => setOpen(false)} />}
    </Card.Root>
  );
}

export function ExtraTimeDialog({ studentId, current, onClose }: { studentId: string; current: ExtraTime | undefined; onClose: () => void }) {
  const { user: me } = useSession();
  const [save] = useSetExtraTimeMutation();
  const form = useForm({
    resolver: schemaResolver<ExtraTimeValues>(extraTimeSchema, (v) => extraTimeBody(studentId, v)),
    defaultValues: extraTimeValues(current),
  });
  const submit = form.handleSubmit(async (v) => {
    if (!me) return;
    const res = await save({ userId: me._id, body: extraTimeBody(studentId, v) });
    if ('error' in res) {
      notify.error(i18n._('Error Saving'), errorText(res.error, i18n._('Error saving extra time')));
      return;
    }
    notify.success(i18n._('Extra time saved'));
    onClose();
  });
  return (
    <FormDialog open title={i18n._('Extra Time')} submitLabel={i18n._('Save Extra Time')} submitting={form.submitting} onSubmit={submit} onClose={onClose}>
      <Stack gap="3">
        <SelectField
          label={i18n._('Extra time')}
          name="choice"
          value={form.watch('choice')}
          onChange={(v) => form.setValue('choice', v)}
          options={choices()}
          error={form.error('kind')}
        />
        {form.watch('choice') === 'minutes' && (
          <TextField
            label={i18n._('Extra minutes')}
            type="number"
            min={1}
            max={EXTRA_MINUTES_MAX}
            inputMode="numeric"
            {...form.field('minutes')}
            error={form.error('value')}
          />
        )}
        <Text fontSize="sm" color="fg.muted">
          {i18n._('Applied when the student starts an exam; an exam already started keeps its time.')}
        </Text>
      </Stack>
    </FormDialog>
  );
}
