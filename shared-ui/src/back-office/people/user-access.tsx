/** The User Access tab of a viewed student and its dialog (spec section 4). Saving replaces the student's access. */
import { Badge, Box, Button, Card, Grid, HStack, Stack, Text, DataTable, ErrorState, LoadingState, TextField, notify } from 'shared-ui';
import { useEffect, useMemo, useState } from 'react';
import {
  ACCESS_TYPES, errorText, formatNumber, i18n, translateServerMessage, useSession, useTimeZone, type AccessType, type ExamAccess,
} from 'shared-api';
import { schemaResolver, useForm } from 'shared-api/form';
import { showDate } from 'shared-api/dates';
import {
  accessSchema, useGetAdminExamsQuery, useGetInstituteExamsQuery, useGetSharedExamsQuery, useGetUserAccessQuery, useSaveUserAccessMutation, type AccessInput,
} from 'shared-api/back-office';
import { FormDialog } from '../common/form-dialog';
import { formatDate } from './permissions';
import { SelectField } from '../common/select-field';
import { ExtraTimeCard } from './extra-time';
import { withSlot } from '../common/with-slot';

/** An access type's label in the interface's language (the value stays); an unknown type as it is. */
export const accessLabel = (type: string) => {
  const label = ACCESS_TYPES.find((t) => t.value === type)?.label;
  return label ? i18n._(label) : type;
};

export function UserAccessTab({ studentId }: { studentId: string }) {
  const { user: me } = useSession();
  const q = useGetUserAccessQuery({ userId: me?._id ?? '', studentId }, { skip: !me });
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (q.error) notify.error(i18n._('Load Error'), errorText(q.error, i18n._('Error loading UserAccess')), 'access-load');
  }, [q.error]);

  if (q.isLoading) return <LoadingState />;
  if (q.error) return <ErrorState title={i18n._('Load Error')} message={errorText(q.error, i18n._('Error loading UserAccess'))} onRetry={() => void q.refetch()} />;
  const access = q.data ?? null;
  return (
    <Stack gap="4">
      {!access ? (
        <Box>
          <Text color="fg.muted" mb="3">
            {i18n._('This student has no exam access set yet.')}
          </Text>
          <Button colorPalette="blue" onClick={() => setOpen(true)}>
            {i18n._('Add User Access')}
          </Button>
        </Box>
      ) : (
        <AccessCard access={access} onEdit={() => setOpen(true)} />
      )}
      {open && <AccessDialog studentId={studentId} access={access} onClose={() => setOpen(false)} />}
      <ExtraTimeCard studentId={studentId} />
    </Stack>
  );
}

/** The zone an access's TIMEFRAME days are in: the student's institute's, as the server says (else the viewer's). */
const accessZone = (access: ExamAccess | null, viewerZone: string) => access?.timeZone || viewerZone;

function AccessCard({ access, onEdit }: { access: ExamAccess; onEdit: () => void }) {
  const zone = accessZone(access, useTimeZone());
  return (
    <Card.Root data-testid="access-card">
      <Card.Body>
        <Stack gap="3">
          <HStack justify="space-between" flexWrap="wrap" gap="2">
            <Box>
              <Text fontSize="sm" color="fg.muted">
                {i18n._('Access type')}
              </Text>
              <Text fontWeight="bold" fontSize="lg" data-testid="access-type">
                {accessLabel(access.type)}
              </Text>
            </Box>
            <HStack gap="2">
              <Button size="sm" variant="outline" onClick={onEdit}>
                {i18n._('Edit')}
              </Button>
              {/* Spec: Delete opens the same dialog (no separate delete behaviour). */}
              <Button size="sm" variant="outline" colorPalette="red" onClick={onEdit}>
                {i18n._('Delete')}
              </Button>
            </HStack>
          </HStack>
          {access.type === 'TIMEFRAME' && (
            <Box>
              <Text data-testid="access-period">
                {i18n._('{start} to {end}', { start: showDate(access.startTime, zone), end: showDate(access.endTime, zone) })}
              </Text>
              <Text fontSize="sm" color="fg.muted" data-testid="access-zone">
                {i18n._("Days in {zone}, the student's institute's time zone", { zone })}
              </Text>
            </Box>
          )}
          {access.type === 'ALL-X-TIMES' && (
            <Text data-testid="access-count">
              {withSlot((count) => i18n._('Completed {count}', { count }), <Badge>{formatNumber(access.completed_times)}/{formatNumber(access.total_times ?? 0)}</Badge>)}
            </Text>
          )}
          {access.type === 'SELECTEDEXAM' && (
            <DataTable
              rows={access.exams}
              rowKey={(r) => r.exam._id}
              pageSize={20}
              caption={i18n._('Exams the student can take')}
              columns={[
                { header: /*i18n*/ 'Exam', cell: (r) => r.exam.title },
                { header: /*i18n*/ 'Total Times', cell: (r) => formatNumber(r.total_times) },
                { header: /*i18n*/ 'Completed Times', cell: (r) => formatNumber(r.completed_times) },
              ]}
              emptyText={i18n._('No exams selected')}
            />
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

interface ExamRow {
  /** stable key for React */
  key: string;
  exam: string;
  /** set for rows that came from the saved access: the title is shown, not a picker */
  title?: string;
  total_times: string;
}

export interface AccessFormValues extends Record<string, unknown> {
  type: string;
  total_times: string;
  startTime: string;
  endTime: string;
  exams: ExamRow[];
}

let rowSeq = 0;
const newKey = () => `row-${++rowSeq}`;

/** The form's values of a stored access: its From and To days in `zone` (the student's institute's: ExamAccess.timeZone). */
export function accessInitialValues(access: ExamAccess | null, zone?: string): AccessFormValues {
  return {
    type: access?.type ?? '',
    total_times: access?.total_times ? String(access.total_times) : '',
    startTime: access?.startTime ? formatDate(access.startTime, zone) : '',
    endTime: access?.endTime ? formatDate(access.endTime, zone) : '',
    exams: (access?.exams ?? []).map((r) => ({ key: newKey(), exam: r.exam._id, title: r.exam.title, total_times: String(r.total_times) })),
  };
}

/**
 * The request body of the form: what the shared rules check, here and on the server. Dates are days (YYYY-MM-DD): the
 * server makes them whole days in the student's institute's time zone, From from 00:00, To to the end of the day.
 */
export function accessBody(studentId: string, v: AccessFormValues): AccessInput {
  const type = v.type as AccessType;
  return {
    user: studentId,
    type,
    total_times: type === 'ALL-X-TIMES' ? Number(v.total_times) : null,
    startTime: type === 'TIMEFRAME' ? v.startTime || null : null,
    endTime: type === 'TIMEFRAME' ? v.endTime || null : null,
    exams: type === 'SELECTEDEXAM' ? v.exams.map((r) => ({ exam: r.exam, total_times: Number(r.total_times) })) : [],
  };
}

/** Exams a student of this back office can be given: the acting user's own exams plus those shared with it. */
function useExamChoices() {
  const { user: me } = useSession();
  const isAdmin = me?.role === 2;
  const admin = useGetAdminExamsQuery(me?._id ?? '', { skip: !me || !isAdmin });
  const own = useGetInstituteExamsQuery(me?._id ?? '', { skip: !me || isAdmin });
  const shared = useGetSharedExamsQuery(me?._id ?? '', { skip: !me || isAdmin });
  return useMemo(() => {
    const all = [...(admin.data ?? []), ...(own.data ?? []), ...(shared.data ?? [])];
    const seen = new Set<string>();
    return all.filter((e) => (seen.has(e._id) ? false : (seen.add(e._id), true)));
  }, [admin.data, own.data, shared.data]);
}

export function AccessDialog({ studentId, access, onClose }: { studentId: string; access: ExamAccess | null; onClose: () => void }) {
  const { user: me } = useSession();
  // the days of a time frame are the student's institute's (known once an access is stored)
  const zone = accessZone(access, useTimeZone());
  const [save] = useSaveUserAccessMutation();
  const exams = useExamChoices();
  const form = useForm({
    resolver: schemaResolver<AccessFormValues>(accessSchema, (v) => accessBody(studentId, v)),
    defaultValues: accessInitialValues(access, zone),
  });
  const submit = form.handleSubmit(async (v) => {
    if (!me) return;
    const res = await save({ userId: me._id, body: accessBody(studentId, v) });
    if ('error' in res) {
      notify.error(i18n._('Error Adding'), errorText(res.error, i18n._('Error Adding User Access')));
      return;
    }
    notify.success(i18n._('Successfully Added User Access'));
    onClose();
  });
  const values = form.watch();
  const examsError = form.error('exams');
  const setRows = (rows: ExamRow[]) => form.setValue('exams', rows);
  const setRow = (i: number, patch: Partial<ExamRow>) => setRows(values.exams.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const chosen = new Set(values.exams.map((r) => r.exam));

  return (
    <FormDialog open title={i18n._('User Access')} submitLabel={i18n._('Add Exam Access')} submitting={form.submitting} onSubmit={submit} onClose={onClose} size="lg">
      <SelectField
        label={i18n._('Type')}
        name="type"
        placeholder={i18n._('Select type')}
        value={values.type}
        onChange={(v) => form.setValue('type', v)}
        onBlur={() => void form.trigger('type')}
        options={ACCESS_TYPES.map((t) => ({ value: t.value, label: i18n._(t.label) }))}
        error={form.error('type')}
      />
      {values.type === 'ALL-X-TIMES' && (
        <TextField label={i18n._('Total Times')} type="number" min={1} inputMode="numeric" {...form.field('total_times')} error={form.error('total_times')} />
      )}
      {values.type === 'TIMEFRAME' && (
        <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="3">
          <TextField label={i18n._('From Date')} type="date" {...form.field('startTime')} error={form.error('startTime')} />
          <TextField label={i18n._('To Date')} type="date" {...form.field('endTime')} error={form.error('endTime')} />
          <Text gridColumn="1 / -1" fontSize="sm" color="fg.muted" data-testid="access-zone-note">
            {access?.timeZone
              ? i18n._("Whole days in {zone}, the student's institute's time zone; the To Date is included.", { zone: access.timeZone })
              : i18n._("Whole days in the student's institute's time zone; the To Date is included.")}
          </Text>
        </Grid>
      )}
      {values.type === 'SELECTEDEXAM' && (
        <Stack gap="3">
          {values.exams.map((row, i) => (
            <Grid key={row.key} templateColumns={{ base: '1fr auto', sm: '2fr 1fr auto' }} gap="2" alignItems="end" data-testid="access-exam-row">
              {row.title !== undefined ? (
                <Box>
                  <Text fontSize="sm" fontWeight="medium" mb="1">
                    {i18n._('Exam')}
                  </Text>
                  <Text py="2">{row.title}</Text>
                </Box>
              ) : (
                <SelectField
                  label={i18n._('Exam')}
                  name={`exams[${i}].exam`}
                  placeholder={i18n._('Select exam')}
                  value={row.exam}
                  onChange={(v) => setRow(i, { exam: v })}
                  options={exams.filter((e) => e._id === row.exam || !chosen.has(e._id)).map((e) => ({ value: e._id, label: e.title }))}
                  error={form.error(`exams[${i}].exam`)}
                />
              )}
              <TextField
                label={i18n._('Total Times')}
                type="number"
                min={1}
                inputMode="numeric"
                value={row.total_times}
                onChange={(e) => setRow(i, { total_times: e.target.value })}
                error={form.error(`exams[${i}].total_times`)}
              />
              <Button variant="ghost" colorPalette="red" aria-label={i18n._('Remove exam row {n}', { n: formatNumber(i + 1) })} onClick={() => setRows(values.exams.filter((_, j) => j !== i))}>
                ✕
              </Button>
            </Grid>
          ))}
          {examsError && <Text color="fg.error" fontSize="sm">{translateServerMessage(examsError)}</Text>}
          <Button variant="outline" alignSelf="flex-start" onClick={() => setRows([...values.exams, { key: newKey(), exam: '', total_times: '' }])}>
            {i18n._('Add Exam')}
          </Button>
        </Stack>
      )}
    </FormDialog>
  );
}
