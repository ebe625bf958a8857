/**
 * The question bank (docs/question-bank.md): every item of the exams this back office owns, paged and searched by the
 * server, filtered by section, item type, difficulty band and "not used since", with each item's p, discrimination
 * and n gathered from every use, the exams it is in, when last used, and a preview drawn by the student's own view.
 * The same browser, with one section and an Add button, is the question list's "Add from bank" dialog.
 */
import { useState, type ReactNode } from 'react';
import {
  errorText, formatNumber, i18n, useTimeZone, localDigits, useSession, type BankItem, type Question, type QuestionType,
} from 'shared-api';
import { itemTypeLabel, itemTypesOf } from 'shared-api/item-types';
import { showDate } from 'shared-api/dates';
import { DIFFICULTY_BANDS, useCopyFromBankMutation, useGetQuestionBankQuery, type BankFilters, type DifficultyBand } from 'shared-api/back-office';
import {
  Box, Button, DataTable, HStack, PageHeader, SimpleGrid, Stack, Text, TextField, notify, useNavigate, type Column,
} from 'shared-ui';
import { DialogFrame } from '../common/dialog-frame';
import { useAllInstitutes } from '../common/all-institutes';
import { SelectField } from '../common/select-field';
import { useServerPaging } from '../common/use-server-paging';
import { QuestionPreview } from './question-preview';
import { storedValueLabel } from './question-form';
import { missingNumbers } from './question-numbers';
import { authoringPaths, type AuthoringScope } from './scope';
import { analysisText } from './question-summary';

/** The bands' names as shown (English, marked): the cuts are the item analysis's flags. */
const BAND_LABELS: Record<DifficultyBand, string> = {
  easy: /*i18n*/ 'Easy (p over 0.9)',
  medium: /*i18n*/ 'Medium (p 0.2 to 0.9)',
  hard: /*i18n*/ 'Hard (p under 0.2)',
  unrated: /*i18n*/ 'No results yet',
};

const fixed = (v: number | null) => (v === null ? '—' : formatNumber(v, 2));
const isMedia = (s: string) => s.startsWith('/media/') || /^https?:\/\//.test(s);

/** The item's question in a line: its text in Korean, or what kind of media it is. */
const plainText = (q: Question): string => (q.main_heading_image || isMedia(q.main_heading) ? '' : q.main_heading) || q.heading
  || (q.description_image ? '' : q.description);
/** A short name of an item for a button's accessible name. */
const shortText = (q: Question): string => {
  const t = plainText(q);
  return t.length > 40 ? `${t.slice(0, 40)}…` : t || q._id;
};

function itemText(q: Question): ReactNode {
  const h = plainText(q);
  if (!h) return <Text as="span" color="fg.muted">{q.main_heading_image ? i18n._('(image)') : '—'}</Text>;
  return <Text as="span" lineClamp={2} maxW="sm" lang="ko">{h}</Text>;
}

/** The item's question as a student sees it (answer revealed once an option is chosen). */
function PreviewDialog({ item, onClose }: { item: BankItem; onClose: () => void }) {
  return (
    <DialogFrame title={i18n._('Preview')} onClose={onClose} size="lg" footer={<Button onClick={onClose}>{i18n._('Close')}</Button>}>
      <Text mb="3" fontSize="sm" color="fg.muted">
        {`${storedValueLabel(item.question.type)} · ${itemTypeLabel(item.question.item_type ?? '')}`}
      </Text>
      <QuestionPreview question={item.question} />
    </DialogFrame>
  );
}

/** The bank's table and filters; `section` fixes the section (Add from bank); `action` adds a button per item. */
export function BankBrowser({ scope, section: fixedSection, action }: {
  scope: Pick<AuthoringScope, 'choosesInstitute'>;
  section?: QuestionType;
  action?: { label: (item: BankItem) => string; text: string; run: (item: BankItem) => void; busy?: boolean };
}) {
  const userId = useSession().user?._id ?? '';
  const zone = useTimeZone();
  const paging = useServerPaging(10);
  const [filters, setFilters] = useState<BankFilters>({});
  const section = fixedSection ?? filters.section;
  const args = { userId, ...paging.args, ...filters, ...(section ? { section } : {}) };
  const bank = useGetQuestionBankQuery(args, { skip: !userId });
  const institutes = useAllInstitutes(!!scope.choosesInstitute && !!userId);
  const [preview, setPreview] = useState<BankItem | null>(null);
  const set = (patch: Partial<BankFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    paging.setPage(1);
  };
  const types = section ? itemTypesOf(section) : [...itemTypesOf('Reading'), ...itemTypesOf('Listening')];

  const columns: Column<BankItem>[] = [
    { header: /*i18n*/ 'Question', cell: (i) => itemText(i.question) },
    { header: /*i18n*/ 'Item type', cell: (i) => `${storedValueLabel(i.question.type)} · ${itemTypeLabel(i.question.item_type ?? '')}` },
    { header: /*i18n*/ 'Difficulty (p)', cell: (i) => `${fixed(i.facility)} · ${i18n._(BAND_LABELS[i.band as DifficultyBand] ?? i.band)}` },
    {
      header: /*i18n*/ 'Discrimination',
      cell: (i) => (i.pointBiserial !== null ? fixed(i.pointBiserial)
        : <Text as="span" title={i.pointBiserialReason ? analysisText(i.pointBiserialReason) : undefined}>—</Text>),
    },
    { header: /*i18n*/ 'Results', cell: (i) => formatNumber(i.n) },
    { header: /*i18n*/ 'Exams', cell: (i) => i.exams.map((e) => e.title).join(', ') || '—' },
    { header: /*i18n*/ 'Last used', cell: (i) => (i.lastUsed ? showDate(i.lastUsed, zone) : i18n._('Never')) },
    {
      header: /*i18n*/ 'Actions',
      actions: true,
      cell: (i) => (
        <HStack gap="1">
          <Button size="xs" variant="outline" onClick={() => setPreview(i)} aria-label={i18n._('Preview: {item}', { item: shortText(i.question) })}>
            {i18n._('Preview')}
          </Button>
          {action && (
            <Button size="xs" colorPalette="blue" onClick={() => action.run(i)} aria-label={action.label(i)} loading={action.busy}>{action.text}</Button>
          )}
        </HStack>
      ),
    },
  ];

  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, md: fixedSection ? 3 : 4 }} gap="3" role="group" aria-label={i18n._('Filters')}>
        {!fixedSection && (
          <SelectField label={i18n._('Section')} placeholder={i18n._('All sections')} value={filters.section ?? ''}
            onChange={(v) => set({ section: (v || undefined) as QuestionType | undefined, type: undefined })}
            options={(['Reading', 'Listening'] as const).map((t) => ({ value: t, label: storedValueLabel(t) }))} />
        )}
        <SelectField label={i18n._('Item type')} placeholder={i18n._('All item types')} value={filters.type ?? ''}
          onChange={(v) => set({ type: v || undefined })} options={types.map((t) => ({ value: t.value, label: t.label }))} />
        <SelectField label={i18n._('Difficulty')} placeholder={i18n._('Any difficulty')} value={filters.difficulty ?? ''}
          onChange={(v) => set({ difficulty: (v || undefined) as DifficultyBand | undefined })}
          options={DIFFICULTY_BANDS.map((b) => ({ value: b, label: i18n._(BAND_LABELS[b]) }))} />
        <TextField label={i18n._('Not used since')} type="date" value={filters.notUsedSince ?? ''}
          onChange={(e) => set({ notUsedSince: e.target.value || undefined })} />
        {scope.choosesInstitute && (
          <SelectField label={i18n._('Institute')} placeholder={i18n._('All institutes')} value={filters.institute ?? ''}
            onChange={(v) => set({ institute: v || undefined })} disabled={!institutes.rows}
            options={(institutes.rows ?? []).map((i) => ({ value: i._id, label: `${i.name} (${i.email})` }))} />
        )}
      </SimpleGrid>
      {bank.isError ? (
        <Box role="alert">
          <Text color="fg.error" mb="2">{i18n._('Error cannot get the question bank')}: {errorText(bank.error, '')}</Text>
          <Button size="sm" variant="outline" onClick={() => void bank.refetch()}>{i18n._('Retry')}</Button>
        </Box>
      ) : (
        <DataTable rows={bank.data?.rows} total={bank.data?.total} paging={paging} loading={bank.isLoading} fetching={bank.isFetching}
          columns={columns} rowKey={(i) => i._id} searchField={/*i18n*/ 'Question text'} caption={i18n._('Question Bank')} cardsBelow="lg"
          emptyText={i18n._('No items in the bank match')} />
      )}
      {preview && <PreviewDialog item={preview} onClose={() => setPreview(null)} />}
    </Stack>
  );
}

/** The Question Bank screen (sidebar). */
export function QuestionBankPage({ scope }: { scope: AuthoringScope }) {
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title={i18n._('Question Bank')}
        actions={<Button variant="outline" onClick={() => navigate(authoringPaths(scope.basePath).blueprints)}>{i18n._('Blueprints')}</Button>} />
      <Text mb="4" color="fg.muted" fontSize="sm">
        {i18n._('Every question of your exams, one row per item; its figures gather every result in which a copy of it was used.')}
      </Text>
      <BankBrowser scope={scope} />
    </>
  );
}

/** "Add from bank": a free number of the section, then an item of that section to copy into it. */
export default function AddFromBankDialog({ examId, type, questions, scope, onClose }: {
  examId: string;
  type: QuestionType;
  questions: Pick<Question, 'question_number' | 'type'>[];
  scope: Pick<AuthoringScope, 'choosesInstitute'>;
  onClose: () => void;
}) {
  const userId = useSession().user?._id ?? '';
  const free = missingNumbers(type, questions);
  const [number, setNumber] = useState(String(free[0] ?? ''));
  const [copy, copying] = useCopyFromBankMutation();
  async function add(item: BankItem) {
    try {
      await copy({ userId, examId, itemId: item._id, questionNumber: Number(number) }).unwrap();
      notify.success(i18n._('Question {number} added from the bank', { number: localDigits(number) }));
      onClose();
    } catch (e) {
      notify.error(i18n._('Error adding question'), errorText(e, ''));
    }
  }
  return (
    <DialogFrame title={i18n._('Add from bank')} onClose={onClose} size="cover" footer={<Button variant="outline" onClick={onClose}>{i18n._('Close')}</Button>}>
      {free.length === 0 ? (
        <Text>{i18n._('Switch to Reading or Listening Mode')}</Text>
      ) : (
        <Stack gap="4">
          <Box maxW="xs">
            <SelectField label={i18n._('Question number')} value={number} onChange={setNumber}
              options={free.map((n) => ({ value: String(n), label: formatNumber(n) }))} />
          </Box>
          <BankBrowser scope={scope} section={type} action={{
            text: i18n._('Add'),
            label: (i) => i18n._('Add {item} as question {number}', { number: localDigits(number), item: shortText(i.question) }),
            run: (i) => void add(i),
            busy: copying.isLoading,
          }} />
        </Stack>
      )}
    </DialogFrame>
  );
}
