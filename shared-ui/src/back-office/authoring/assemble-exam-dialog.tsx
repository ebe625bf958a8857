/**
 * "New exam from bank" (docs/question-bank.md, "Assembly"): a title, a blueprint and an optional target difficulty;
 * the server's plan is shown (per slot the item, its p and n, how many students have seen it; per section the mean p;
 * how many forms the bank could yield; the slots it cannot fill and why) before Create makes the hidden exam.
 */
import { useState } from 'react';
import { errorText, formatNumber, i18n, localDigits, useSession, type Exam } from 'shared-api';
import { itemTypeLabel } from 'shared-api/item-types';
import { useAssembleExamMutation, useGetBlueprintsQuery, usePlanExamMutation, type AssemblyPlan } from 'shared-api/back-office';
import { Box, Button, ScrollX, Stack, Table, Text, TextField, notify } from 'shared-ui';
import { DialogFrame } from '../common/dialog-frame';
import { SelectField } from '../common/select-field';
import { storedValueLabel } from './question-form';

const fixed = (v: number | null) => (v === null ? '—' : formatNumber(v, 2));

export default function AssembleExamDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (exam: Exam) => void }) {
  const userId = useSession().user?._id ?? '';
  const blueprints = useGetBlueprintsQuery(userId, { skip: !userId });
  const [title, setTitle] = useState('');
  const [blueprint, setBlueprint] = useState('eps');
  const [target, setTarget] = useState('');
  // one seed per dialog: the plan shown is the exam created
  const [seed] = useState(() => Math.floor(Math.random() * 2 ** 31));
  const [plan, setPlan] = useState<AssemblyPlan | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [planExam, planning] = usePlanExamMutation();
  const [assemble, creating] = useAssembleExamMutation();
  const body = () => ({ title, blueprint, seed, ...(target.trim() ? { target: Number(target) } : {}) });

  async function showPlan() {
    setError(null);
    try {
      setPlan(await planExam({ userId, body: body() }).unwrap());
    } catch (e) {
      setPlan(null);
      setError(errorText(e, ''));
    }
  }
  async function create() {
    try {
      const r = await assemble({ userId, body: body() }).unwrap();
      notify.success(i18n._('Exam created from the bank'));
      onCreated(r.exam);
      onClose();
    } catch (e) {
      setError(errorText(e, ''));
    }
  }
  const changed = (f: () => void) => { f(); setPlan(null); };

  return (
    <DialogFrame title={i18n._('New exam from bank')} onClose={onClose} size="xl" footer={(
      <>
        <Button variant="outline" onClick={onClose}>{i18n._('Close')}</Button>
        <Button variant="outline" onClick={() => void showPlan()} loading={planning.isLoading}>{i18n._('Show plan')}</Button>
        <Button colorPalette="blue" onClick={() => void create()} disabled={!plan} loading={creating.isLoading}>{i18n._('Create')}</Button>
      </>
    )}>
      <Stack gap="3">
        <TextField label={i18n._('Title')} required value={title} onChange={(e) => changed(() => setTitle(e.target.value))} />
        <SelectField label={i18n._('Blueprint')} value={blueprint} onChange={(v) => changed(() => setBlueprint(v))} disabled={!blueprints.data}
          options={(blueprints.data ?? [{ _id: 'eps', name: 'EPS-TOPIK' }]).map((b) => ({ value: b._id, label: b.name }))} />
        <TextField label={i18n._('Target difficulty (mean p, 0 to 1; optional)')} inputMode="decimal" value={target}
          onChange={(e) => changed(() => setTarget(e.target.value))} />
        {error && <Text role="alert" color="fg.error">{error}</Text>}
        {plan && (
          <Stack gap="2" data-testid="assembly-plan">
            <Text fontWeight="medium">
              {plan.sections.map((s) => i18n._('{section}: mean p {mean}', { section: storedValueLabel(s.section), mean: fixed(s.meanP) })).join(' · ')}
            </Text>
            <Text fontSize="sm">{i18n._('Forms the bank could yield without repeating an item: {count}', { count: formatNumber(plan.forms.disjoint) })}</Text>
            {plan.unfilled.length > 0 && (
              <Text role="status" color="fg.error">{i18n._('{count} numbers cannot be filled from the bank', { count: formatNumber(plan.unfilled.length) })}</Text>
            )}
            <ScrollX label={i18n._('Plan of the new exam')}>
              <Table.Root size="sm">
                <Table.Caption>{i18n._('Plan of the new exam')}</Table.Caption>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{i18n._('Number')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{i18n._('Item type')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{i18n._('Question')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{i18n._('p')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{i18n._('Results')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{i18n._('Students who have seen it')}</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {plan.slots.map((s) => (
                    <Table.Row key={s.number}>
                      <Table.Cell>{formatNumber(s.number)}</Table.Cell>
                      <Table.Cell>{itemTypeLabel(s.itemType)}</Table.Cell>
                      <Table.Cell>{s.item ? <Box as="span" lang="ko">{s.item.text || '—'}</Box> : <Text as="span" color="fg.error">{s.reason}</Text>}</Table.Cell>
                      <Table.Cell>{s.item ? fixed(s.item.p) : ''}</Table.Cell>
                      <Table.Cell>{s.item ? localDigits(s.item.n) : ''}</Table.Cell>
                      <Table.Cell>{s.item ? localDigits(s.item.seen) : ''}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </ScrollX>
          </Stack>
        )}
      </Stack>
    </DialogFrame>
  );
}
