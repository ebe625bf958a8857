/**
 * Question Summary: for numbers 1-40, whether each exists, and the item analysis of the results (docs/item-analysis.md):
 * the exam's and each section's KR-20, mean and SD; per question p, point-biserial, upper-lower index, flags and options.
 */
import { Fragment, useState } from 'react';
import {
  TOTAL_QUESTIONS, errorText, formatNumber, i18n, localDigits, useSession, type DistractorRow, type ItemFlagCode, type QuestionSummaryRow, type ScoreSummary,
} from 'shared-api';
import { useGetExamQuery, useGetItemAnalysisQuery } from 'shared-api/back-office';
import {
  Badge, Box, Button, EmptyState, ErrorState, HStack, Heading, LoadingState, PageHeader, ScrollX, Stack, Table, Text,
} from 'shared-ui';
import { useAllInstitutes } from '../common/all-institutes';
import { SelectField } from '../common/select-field';
import type { AuthoringScope } from './scope';
import { storedValueLabel } from './question-form';
import { useExamRoute } from './use-exam-route';
import { useLoadErrorToast } from './use-load-error';

/** The correct rate, or a dash when there is none to speak of: no results yet, or nobody answered the question. */
const rate = (r: QuestionSummaryRow): number | null => (r.answered === 0 ? null : r.correctRate);
const pct = (r: number | null) => (r === null ? '—' : `${formatNumber(r * 100, 2)}%`);
const share = (r: number | null) => (r === null ? '—' : `${formatNumber(r * 100)}%`);
const fixed = (r: number | null, digits = 2) => (r === null ? '—' : formatNumber(r, digits));

/**
 * The analysis's texts as the server writes them (server/src/authoring/item-statistics.ts and item-analysis.ts: part
 * labels, reasons, flags, the note), shown in the interface's language: the fixed ones are listed for translation, the
 * two with figures are read back; any other text is shown as the server wrote it.
 */
const ANALYSIS_TEXTS: readonly string[] = [
  /*i18n*/ 'Exam', /*i18n*/ 'Reading', /*i18n*/ 'Listening',
  /*i18n*/ 'No results yet', /*i18n*/ 'Needs at least 2 results', /*i18n*/ 'Every result answered it correctly (no variance)',
  /*i18n*/ 'No result answered it correctly (no variance)', /*i18n*/ 'The totals of the other questions do not vary',
  /*i18n*/ 'Needs at least 2 questions', /*i18n*/ 'Every result has the same total (no variance)', /*i18n*/ 'No question with this number',
  /*i18n*/ 'Hard: p under 0.2', /*i18n*/ 'Easy: p over 0.9', /*i18n*/ 'Low discrimination: point-biserial under 0.2',
  /*i18n*/ 'Negative discrimination: check the key',
];
export function analysisText(text: string): string {
  if (ANALYSIS_TEXTS.includes(text)) return i18n._(text);
  const weak = /^Option (\d(?:, \d)*) chosen by under 5%$/.exec(text);
  if (weak) return i18n._('Option {options} chosen by under 5%', { options: localDigits(weak[1]!) });
  const few = /^Based on (\d+) results?; figures under (\d+) results are unreliable$/.exec(text);
  if (few) {
    const count = Number(few[1]);
    return i18n._('{count, plural, one {Based on {n} result; figures under {min} results are unreliable} other {Based on {n} results; figures under {min} results are unreliable}}',
      { count, n: formatNumber(count), min: localDigits(few[2]!) });
  }
  return text;
}

/** A figure, or '—' with the reason it is undefined (as a tooltip; the reasons are also listed under the options). */
function Figure({ value, reason }: { value: number | null; reason: string | null }) {
  if (value !== null) return <>{fixed(value)}</>;
  return <Text as="span" title={reason ? analysisText(reason) : undefined}>—</Text>;
}

const FLAG_COLOURS: Record<ItemFlagCode, string> = {
  'negative-discrimination': 'red', 'low-discrimination': 'orange', hard: 'purple', easy: 'blue', 'weak-distractor': 'teal',
};

/** Horizontal bars of the correct rate per question number, drawn with boxes (no chart library). */
function CorrectRateChart({ rows }: { rows: QuestionSummaryRow[] }) {
  const withData = rows.filter((r) => rate(r) !== null);
  if (withData.length === 0) return <Text color="fg.muted">{i18n._('No results yet: the chart fills in once students have taken this exam.')}</Text>;
  return (
    <Stack gap="1" role="img" aria-label={i18n._('Correct answer rate per question')} data-testid="summary-chart">
      {rows.map((r) => {
        const v = rate(r);
        return (
          <HStack key={r.question_number} gap="2" fontSize="xs">
            <Text w="6" textAlign="right" flexShrink={0}>{formatNumber(r.question_number)}</Text>
            <Box flex="1" bg="bg.muted" h="3" borderRadius="sm" overflow="hidden">
              {v !== null && (
                <Box h="full" w={`${Math.round(v * 100)}%`} bg={v >= 0.7 ? 'green.solid' : v >= 0.4 ? 'orange.solid' : 'red.solid'} />
              )}
            </Box>
            <Text w="16" flexShrink={0}>{pct(v)}</Text>
          </HStack>
        );
      })}
    </Stack>
  );
}

/** KR-20, mean, SD and n of the exam and of each section. */
function ScoreSummaryTable({ rows }: { rows: ScoreSummary[] }) {
  return (
    <ScrollX label={i18n._('Exam and section statistics')}>
      <Table.Root size="sm" variant="outline" aria-label={i18n._('Exam and section statistics')} data-testid="section-stats">
        <Table.Header>
          <Table.Row>
            {[i18n._('Part'), i18n._('Questions'), i18n._('Results (n)'), i18n._('Mean correct'), i18n._('SD (population)'), i18n._('KR-20')]
              .map((h) => <Table.ColumnHeader key={h}>{h}</Table.ColumnHeader>)}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((s) => (
            <Table.Row key={s.label}>
              <Table.Cell fontWeight="semibold">{analysisText(s.label)}</Table.Cell>
              <Table.Cell>{formatNumber(s.questions)}</Table.Cell>
              <Table.Cell>{formatNumber(s.results)}</Table.Cell>
              <Table.Cell>{fixed(s.mean)}</Table.Cell>
              <Table.Cell>{fixed(s.sd)}</Table.Cell>
              <Table.Cell>
                {s.kr20 !== null ? fixed(s.kr20) : (
                  <>— <Text as="span" fontSize="xs" color="fg.muted">({s.kr20Reason ? analysisText(s.kr20Reason) : ''})</Text></>
                )}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </ScrollX>
  );
}

const OPTION_LABEL = (d: DistractorRow) => (d.option === 'unanswered' ? i18n._('Unanswered') : i18n._('Option {n}', { n: localDigits(d.option) }));

/** The share of each option among the upper and lower 27% and all results, and why a figure is missing. */
function Distractors({ row, id }: { row: QuestionSummaryRow; id: string }) {
  const reasons = [
    row.pointBiserialReason && i18n._('Point-biserial: {reason}', { reason: analysisText(row.pointBiserialReason) }),
    row.discriminationReason && i18n._('Upper-lower index: {reason}', { reason: analysisText(row.discriminationReason) }),
  ].filter(Boolean);
  return (
    <Box id={id} py="2">
      <Table.Root size="sm" variant="outline" aria-label={i18n._('Options of question {number}', { number: formatNumber(row.question_number) })} maxW="xl">
        <Table.Header>
          <Table.Row>
            {[i18n._('Option'), i18n._('Upper 27%'), i18n._('Lower 27%'), i18n._('All results'), i18n._('Chosen by')]
              .map((h) => <Table.ColumnHeader key={h}>{h}</Table.ColumnHeader>)}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {row.distractors.map((d) => (
            <Table.Row key={d.option}>
              <Table.Cell>{OPTION_LABEL(d)}{d.key && <Badge ml="2" colorPalette="green">{i18n._('Key')}</Badge>}</Table.Cell>
              <Table.Cell>{share(d.upper)}</Table.Cell>
              <Table.Cell>{share(d.lower)}</Table.Cell>
              <Table.Cell>{share(d.all)}</Table.Cell>
              <Table.Cell>{formatNumber(d.count)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      {reasons.map((r) => <Text key={r} fontSize="xs" color="fg.muted" mt="1">{r}</Text>)}
    </Box>
  );
}

/** English, marked: shown translated */
const ITEM_HEADERS = [
  /*i18n*/ 'Number', /*i18n*/ 'Exists', /*i18n*/ 'Type', /*i18n*/ 'Option Type', /*i18n*/ 'Answered', /*i18n*/ 'p (correct)',
  /*i18n*/ 'Point-biserial', /*i18n*/ 'Upper-lower D', /*i18n*/ 'Most Chosen Wrong', /*i18n*/ 'Flags', /*i18n*/ 'Options',
];

/** One row per number 1-40; each question's options open below it. */
function ItemTable({ rows }: { rows: QuestionSummaryRow[] }) {
  const [open, setOpen] = useState<Set<number>>(() => new Set());
  const toggle = (n: number) => setOpen((s) => {
    const next = new Set(s);
    if (!next.delete(n)) next.add(n);
    return next;
  });
  return (
    <ScrollX label={i18n._('Question summary')}>
      <Table.Root size="sm" variant="outline" aria-label={i18n._('Question summary')} data-testid="item-table">
        <Table.Header>
          <Table.Row>{ITEM_HEADERS.map((h) => <Table.ColumnHeader key={h}>{i18n._(h)}</Table.ColumnHeader>)}</Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((r) => {
            const n = r.question_number;
            const isOpen = open.has(n);
            const detailId = `question-options-${n}`;
            return (
              <Fragment key={n}>
                <Table.Row data-testid={`item-row-${n}`} color={r.exists ? undefined : 'fg.muted'}>
                  <Table.Cell>{formatNumber(n)}</Table.Cell>
                  <Table.Cell>{r.exists ? i18n._('Yes') : i18n._('No')}</Table.Cell>
                  <Table.Cell>{r.type ? storedValueLabel(r.type) : '—'}</Table.Cell>
                  <Table.Cell>{r.option_type ? storedValueLabel(r.option_type) : '—'}</Table.Cell>
                  <Table.Cell>{r.exists ? formatNumber(r.answered) : '—'}</Table.Cell>
                  <Table.Cell>{r.exists ? fixed(r.facility) : '—'}</Table.Cell>
                  <Table.Cell><Figure value={r.pointBiserial} reason={r.pointBiserialReason} /></Table.Cell>
                  <Table.Cell><Figure value={r.discrimination} reason={r.discriminationReason} /></Table.Cell>
                  <Table.Cell>{r.mostChosenWrong ? localDigits(r.mostChosenWrong) : '—'}</Table.Cell>
                  <Table.Cell>
                    <HStack gap="1" flexWrap="wrap">
                      {r.flags.map((f) => <Badge key={f.code} colorPalette={FLAG_COLOURS[f.code]} whiteSpace="normal">{analysisText(f.text)}</Badge>)}
                    </HStack>
                  </Table.Cell>
                  <Table.Cell>
                    {r.exists && (
                      <Button size="xs" variant="outline" aria-expanded={isOpen} aria-controls={isOpen ? detailId : undefined}
                        aria-label={isOpen ? i18n._('Hide options of question {number}', { number: formatNumber(n) }) : i18n._('Show options of question {number}', { number: formatNumber(n) })}
                        onClick={() => toggle(n)}>
                        {isOpen ? i18n._('Hide') : i18n._('Show')}
                      </Button>
                    )}
                  </Table.Cell>
                </Table.Row>
                {isOpen && (
                  <Table.Row>
                    <Table.Cell colSpan={ITEM_HEADERS.length} bg="bg.subtle"><Distractors row={r} id={detailId} /></Table.Cell>
                  </Table.Row>
                )}
              </Fragment>
            );
          })}
        </Table.Body>
      </Table.Root>
    </ScrollX>
  );
}

export function QuestionSummaryPage({ scope }: { scope: AuthoringScope }) {
  const { examId, navigate, paths, args, skip } = useExamRoute(scope);
  const userId = useSession().user?._id;
  const [institute, setInstitute] = useState('');
  const institutes = useAllInstitutes(!!scope.choosesInstitute && !!userId);
  const exam = useGetExamQuery(args, { skip });
  const analysis = useGetItemAnalysisQuery({ ...args, ...(institute ? { institute } : {}) }, { skip });
  useLoadErrorToast(analysis.isError, analysis.error, i18n._('Error cannot get Questions'));

  const data = analysis.data;
  const rows = data?.questions ?? [];
  const existing = rows.filter((r) => r.exists).length;
  return (
    <>
      <PageHeader title={exam.data ? i18n._('Question Summary — {title}', { title: exam.data.title }) : i18n._('Question Summary')} onBack={() => navigate(paths.exam(examId))} />
      {scope.choosesInstitute && (
        <Box maxW="sm" mb="4">
          <SelectField label={i18n._('Institute')} placeholder={i18n._('All institutes')} value={institute} onChange={setInstitute}
            disabled={!institutes.rows} options={(institutes.rows ?? []).map((i) => ({ value: i._id, label: `${i.name} (${i.email})` }))} />
        </Box>
      )}
      {analysis.isLoading || (analysis.isFetching && !data) ? (
        <LoadingState />
      ) : analysis.isError || !data ? (
        <ErrorState title={i18n._('Error cannot get Questions')} message={errorText(analysis.error, '')} onRetry={() => void analysis.refetch()} />
      ) : (
        <Stack gap="6" aria-busy={analysis.isFetching} opacity={analysis.isFetching ? 0.6 : 1}>
          <Text>{i18n._('{existing} of {total} questions exist.', { existing: formatNumber(existing), total: formatNumber(TOTAL_QUESTIONS) })}</Text>
          {data.results === 0 ? (
            <EmptyState title={i18n._('No results yet')}>
              <Text color="fg.muted">{i18n._('The statistics fill in once students have taken this exam.')}</Text>
            </EmptyState>
          ) : (
            <Box>
              <Heading as="h2" size="md" mb="2">{i18n._('Exam and sections')}</Heading>
              {data.note && <Text mb="2" color="orange.fg" data-testid="analysis-note">{analysisText(data.note)}</Text>}
              <ScoreSummaryTable rows={[data.exam, ...data.sections]} />
              <Text fontSize="xs" color="fg.muted" mt="1">
                {i18n._('Totals are numbers correct; unanswered counts as wrong. SD divides by n (population), as KR-20 does.')}
              </Text>
            </Box>
          )}
          <Box>
            <Heading as="h2" size="md" mb="2">{i18n._('Questions')}</Heading>
            {data.results > 0 && (
              <Text fontSize="sm" color="fg.muted" mb="2">
                {i18n._('p: share correct. Point-biserial: correlation with the total of the other questions. Upper-lower D: p of the top {group} minus p of the bottom {group} results by total.',
                  { group: data.groupSize === null ? localDigits('27%') : formatNumber(data.groupSize) })}
              </Text>
            )}
            <ItemTable rows={rows} />
          </Box>
          {data.results > 0 && (
            <Box>
              <Heading as="h2" size="md" mb="3">{i18n._('Correct answer rate')}</Heading>
              <CorrectRateChart rows={rows} />
            </Box>
          )}
        </Stack>
      )}
    </>
  );
}

export default QuestionSummaryPage;
