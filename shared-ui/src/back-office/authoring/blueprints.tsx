/**
 * Blueprints (docs/question-bank.md): the built-in EPS-TOPIK blueprint, read-only, and the owner's own, which give
 * "New exam from bank" the item type of each of the 40 numbers. A new blueprint starts as a copy of another; the form
 * gives each number a select of its section's types (Reading 1-20, Listening 21-40), checked by the shared schema
 * (shared-api/src/schemas/blueprint.ts) here and on the server.
 */
import { memo, useCallback, useState } from 'react';
import {
  LISTENING_RANGE, READING_RANGE, errorText, i18n, localDigits, translateServerMessage, useSession, type QuestionType,
} from 'shared-api';
import { schemaResolver, useForm } from 'shared-api/form';
import { itemTypeLabel, itemTypesOf } from 'shared-api/item-types';
import {
  blueprintSchema, useCreateBlueprintMutation, useDeleteBlueprintMutation, useGetBlueprintsQuery, useUpdateBlueprintMutation, type Blueprint,
} from 'shared-api/back-office';
import {
  Badge, Box, Button, DataTable, EmptyState, ErrorState, HStack, PageHeader, SimpleGrid, Stack, Text, TextField, chakra, notify,
  useNavigate, type Column,
} from 'shared-ui';
import { DialogFrame } from '../common/dialog-frame';
import { useConfirmedAction } from '../common/confirmed-action';
import { FormDialog, SelectField } from '../common/form-dialog';
import { storedValueLabel } from './question-form';
import { authoringPaths, type AuthoringScope } from './scope';

const SECTIONS: readonly { section: QuestionType; range: readonly [number, number] }[] = [
  { section: 'Reading', range: READING_RANGE },
  { section: 'Listening', range: LISTENING_RANGE },
];

const numbersOf = ([from, to]: readonly [number, number]) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** One number's select (memoised: a change re-renders only the select it changed, not all 40). */
const SlotSelect = memo(function SlotSelect({ number, section, value, onChange }: {
  number: number; section: QuestionType; value: string; onChange: (number: number, type: string) => void;
}) {
  return (
    <SelectField name={`slot-${number}`} label={i18n._('Number {number}', { number: localDigits(number) })} value={value}
      onChange={(v) => onChange(number, v)} options={itemTypesOf(section).map((t) => ({ value: t.value, label: t.label }))} />
  );
});

/** The 40 numbers in two groups, Reading 1-20 and Listening 21-40: a select of the section's types each, or without `onChange` the types as text. */
function Slots({ slots, onChange }: { slots: string[]; onChange?: (number: number, type: string) => void }) {
  return (
    <>
      {SECTIONS.map(({ section, range }) => (
        <chakra.fieldset key={section} borderWidth="1px" borderRadius="md" p="3" minW="0">
          <chakra.legend px="1" fontWeight="semibold">
            {i18n._('{section} ({from}-{to})', { section: storedValueLabel(section), from: localDigits(range[0]), to: localDigits(range[1]) })}
          </chakra.legend>
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3">
            {numbersOf(range).map((n) => !onChange ? (
              <Box key={n} data-testid={`slot-${n}`}>
                <Text fontSize="sm" color="fg.muted">{i18n._('Number {number}', { number: localDigits(n) })}</Text>
                <Text>{itemTypeLabel(slots[n - 1] ?? '')}</Text>
              </Box>
            ) : (
              <SlotSelect key={n} number={n} section={section} value={slots[n - 1] ?? ''} onChange={onChange} />
            ))}
          </SimpleGrid>
        </chakra.fieldset>
      ))}
    </>
  );
}

interface Values extends Record<string, unknown> {
  name: string;
  slots: string[];
}

/** Create (from a copy of `from`, or of another chosen in the dialog) or edit (`editing`) one of the owner's blueprints. */
function BlueprintDialog({ blueprints, from, editing, onClose }: {
  blueprints: Blueprint[];
  from?: Blueprint;
  editing?: Blueprint;
  onClose: () => void;
}) {
  const userId = useSession().user?._id ?? '';
  const [create] = useCreateBlueprintMutation();
  const [update] = useUpdateBlueprintMutation();
  const [source, setSource] = useState(from?._id ?? blueprints[0]?._id ?? '');
  const form = useForm({
    resolver: schemaResolver<Values>(blueprintSchema),
    defaultValues: editing
      ? { name: editing.name, slots: [...editing.slots] }
      : { name: from ? i18n._('{name} (copy)', { name: from.name }) : '', slots: [...(from ?? blueprints[0])?.slots ?? []] },
  });
  const submit = form.handleSubmit(async (v) => {
    const body = { name: v.name.trim(), slots: v.slots };
    try {
      if (editing) await update({ userId, blueprintId: editing._id, body }).unwrap();
      else await create({ userId, body }).unwrap();
      notify.success(editing ? i18n._('Blueprint saved') : i18n._('Blueprint created'));
      onClose();
    } catch (e) {
      notify.error(i18n._('Error saving the blueprint'), errorText(e, ''));
    }
  });
  const { getValues, setValue } = form;
  const slotsError = form.error('slots');
  const setSlot = useCallback((n: number, type: string) => setValue('slots', getValues('slots').map((t, i) => (i === n - 1 ? type : t))), [getValues, setValue]);
  const startFrom = (id: string) => {
    setSource(id);
    const b = blueprints.find((x) => x._id === id);
    if (b) setValue('slots', [...b.slots]);
  };
  return (
    <FormDialog open size="xl" onClose={onClose} title={editing ? i18n._('Edit blueprint') : i18n._('New blueprint')}
      submitLabel={editing ? i18n._('Save') : i18n._('Create')} submitting={form.submitting} onSubmit={submit}>
      <TextField label={i18n._('Name')} required {...form.field('name')} error={form.error('name')} />
      {!editing && (
        <SelectField label={i18n._('Start from')} value={source} onChange={startFrom}
          options={blueprints.map((b) => ({ value: b._id, label: b.name }))} />
      )}
      {slotsError && <Text role="alert" color="fg.error">{translateServerMessage(slotsError)}</Text>}
      <Slots slots={form.watch('slots')} onChange={setSlot} />
    </FormDialog>
  );
}

/** A blueprint's 40 types, read-only (the built-in one). */
function ViewBlueprintDialog({ blueprint, onClose }: { blueprint: Blueprint; onClose: () => void }) {
  return (
    <DialogFrame title={blueprint.name} onClose={onClose} size="xl" footer={<Button variant="outline" onClick={onClose}>{i18n._('Close')}</Button>}>
      <Stack gap="3">
        <Text color="fg.muted" fontSize="sm">{i18n._('The built-in blueprint cannot be changed: copy it to make one of your own.')}</Text>
        <Slots slots={blueprint.slots} />
      </Stack>
    </DialogFrame>
  );
}

type Open = { kind: 'new'; from?: Blueprint } | { kind: 'edit'; blueprint: Blueprint } | { kind: 'view'; blueprint: Blueprint };

/** The Blueprints screen (from the Question Bank screen). */
export function BlueprintsPage({ scope }: { scope: AuthoringScope }) {
  const userId = useSession().user?._id ?? '';
  const navigate = useNavigate();
  const paths = authoringPaths(scope.basePath);
  const list = useGetBlueprintsQuery(userId, { skip: !userId });
  const [remove] = useDeleteBlueprintMutation();
  const [open, setOpen] = useState<Open | null>(null);
  const del = useConfirmedAction<Blueprint>({
    message: i18n._('Are you sure you want to delete this blueprint?'),
    act: (b) => remove({ userId, blueprintId: b._id }).unwrap(),
    success: i18n._('Blueprint deleted'),
    failure: (e) => [i18n._('Error deleting the blueprint'), errorText(e, '')],
    details: (b) => <Text fontWeight="medium">{b.name}</Text>,
  });
  const rows = list.data;
  const own = rows?.filter((b) => !b.builtIn) ?? [];

  const columns: Column<Blueprint>[] = [
    { header: /*i18n*/ 'Name', cell: (b) => b.name, text: (b) => b.name },
    { header: /*i18n*/ 'Kind', cell: (b) => (b.builtIn ? <Badge>{i18n._('Built-in')}</Badge> : i18n._('Your own')) },
    {
      header: /*i18n*/ 'Actions',
      actions: true,
      cell: (b) => (
        <HStack gap="2" flexWrap="wrap">
          {b.builtIn ? (
            <Button size="xs" variant="outline" onClick={() => setOpen({ kind: 'view', blueprint: b })} aria-label={i18n._('View {name}', { name: b.name })}>
              {i18n._('View')}
            </Button>
          ) : (
            <Button size="xs" variant="outline" onClick={() => setOpen({ kind: 'edit', blueprint: b })} aria-label={i18n._('Edit {name}', { name: b.name })}>
              {i18n._('Edit')}
            </Button>
          )}
          <Button size="xs" variant="outline" onClick={() => setOpen({ kind: 'new', from: b })} aria-label={i18n._('Copy {name}', { name: b.name })}>
            {i18n._('Copy')}
          </Button>
          {!b.builtIn && (
            <Button size="xs" variant="outline" colorPalette="red" onClick={() => del.ask(b)} aria-label={i18n._('Delete {name}', { name: b.name })}>
              {i18n._('Delete')}
            </Button>
          )}
        </HStack>
      ),
    },
  ];

  return (
    <>
      <PageHeader title={i18n._('Blueprints')} onBack={() => navigate(paths.questionBank)}
        actions={<Button onClick={() => setOpen({ kind: 'new' })} disabled={!rows}>{i18n._('New blueprint')}</Button>} />
      <Text mb="4" color="fg.muted" fontSize="sm">
        {i18n._('A blueprint gives each of the 40 numbers an item type; "New exam from bank" fills each number with an item of its type.')}
      </Text>
      {list.isError ? (
        <ErrorState title={i18n._('Error cannot get the blueprints')} message={errorText(list.error, '')} onRetry={() => void list.refetch()} />
      ) : (
        <Stack gap="4">
          <DataTable rows={rows} columns={columns} rowKey={(b) => b._id} loading={list.isLoading} caption={i18n._('Blueprints')} cardsBelow="sm" />
          {rows && own.length === 0 && (
            <EmptyState title={i18n._('You have no blueprints of your own yet')}>
              <Text fontSize="sm" mt="1">{i18n._('Copy the EPS-TOPIK blueprint to change the item type of any number.')}</Text>
            </EmptyState>
          )}
        </Stack>
      )}
      {rows && open?.kind === 'new' && <BlueprintDialog blueprints={rows} from={open.from} onClose={() => setOpen(null)} />}
      {rows && open?.kind === 'edit' && <BlueprintDialog blueprints={rows} editing={open.blueprint} onClose={() => setOpen(null)} />}
      {open?.kind === 'view' && <ViewBlueprintDialog blueprint={open.blueprint} onClose={() => setOpen(null)} />}
      {del.dialog}
    </>
  );
}
