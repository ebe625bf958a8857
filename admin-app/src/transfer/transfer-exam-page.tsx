/**
 * Transfer Exam (admin): an admin of another deployment gives its address, user id and token (from its
 * View My Details); Get Exams lists that deployment's exams; saving one copies it here, hidden, with its media.
 */
import { useId, useState } from 'react';
import { errorText, formatNumber, i18n, transferSiteSchema, translateServerMessage, useSession, type Exam, type RemoteExam } from 'shared-api';
import { schemaResolver, useForm } from 'shared-api/form';
import { useGetTransferExamsMutation, useTransferExamMutation, type TransferSite } from 'shared-api/back-office';
import {
  Box, Button, ConfirmDialog, EmptyState, HStack, Heading, LoadingState, PageHeader, SimpleGrid, Stack, Text,
  TextField, notify, useNavigate,
} from 'shared-ui';
import { ExamCard } from 'shared-ui/back-office';
import { paths } from '../paths';

/** The spec's texts (English, as the server writes the titles; marked: shown translated). */
export const TRANSFER_TEXT = {
  getFailed: /*i18n*/ 'Error Getting Exam',
  saveFailed: /*i18n*/ 'Error Transfering Exam',
  saved: /*i18n*/ 'Successfully Transfered Exam',
  confirm: /*i18n*/ 'Are you sure you want to save this exam?',
  empty: /*i18n*/ 'No Exams Found',
} as const;

/**
 * The server answers '<title>: <reason>' (the title in English); the toast shows the title once and the reason under
 * it (a reason among the server's messages in the interface's language).
 */
const reasonOf = (err: unknown, title: string) => {
  const reason = errorText(err, '').replace(new RegExp(`^${title}:\\s*`), '');
  return reason ? translateServerMessage(reason) : undefined;
};

/** What was saved: the success toast's description and the note with its Open Exam button. */
const savedText = (copy: Exam) =>
  i18n._('“{title}” was saved here as a hidden exam with {count, plural, one {{n} question} other {{n} questions}}.', {
    title: copy.title, count: copy.question_count, n: formatNumber(copy.question_count),
  });

export function TransferExamPage() {
  const { user } = useSession();
  const navigate = useNavigate();
  const formId = useId();
  const [getExams, listing] = useGetTransferExamsMutation();
  const [transferExam] = useTransferExamMutation();
  /** the site the shown list came from (the form may have changed since) */
  const [site, setSite] = useState<TransferSite | null>(null);
  const [chosen, setChosen] = useState<RemoteExam | null>(null);
  const [saved, setSaved] = useState<Exam | null>(null);

  const form = useForm({
    resolver: schemaResolver<TransferSite>(transferSiteSchema),
    defaultValues: { url: '', userId: '', token: '' },
  });
  const submit = form.handleSubmit(async (v) => {
    if (!user) return;
    const next = { url: v.url.trim(), userId: v.userId.trim(), token: v.token.trim() };
    setSaved(null);
    try {
      await getExams({ currentUserId: user._id, site: next }).unwrap();
      setSite(next);
    } catch (e) {
      setSite(null);
      notify.error(i18n._(TRANSFER_TEXT.getFailed), reasonOf(e, TRANSFER_TEXT.getFailed));
    }
  });

  const exams = site && listing.isSuccess ? listing.data : null;

  return (
    <>
      <PageHeader title={i18n._('Transfer Exam')} />
      <Stack gap="6">
        <form id={formId} noValidate onSubmit={(e) => void submit(e)} aria-label={i18n._('Other deployment')}>
          <Stack gap="4">
            <Text color="fg.muted" fontSize="sm">
              {i18n._('An admin of the other deployment finds its UserId and Token under Profile, View My Details.')}
            </Text>
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
              <TextField label={i18n._('Website Name')} placeholder="https://exams.example.com/" inputMode="url" autoComplete="url"
                {...form.field('url')} error={form.error('url')} />
              <TextField label={i18n._('UserId')} autoComplete="off" spellCheck={false} {...form.field('userId')} error={form.error('userId')} />
              <TextField label={i18n._('Token')} type="password" autoComplete="off" spellCheck={false} {...form.field('token')} error={form.error('token')} />
            </SimpleGrid>
            <HStack>
              <Button type="submit" loading={listing.isLoading} loadingText={i18n._('Getting Exams')}>{i18n._('Get Exams')}</Button>
            </HStack>
          </Stack>
        </form>

        {saved && (
          <Box role="status" borderWidth="1px" borderRadius="md" p="3" bg="green.subtle">
            <HStack gap="3" flexWrap="wrap">
              <Text flex="1">
                {savedText(saved)}
              </Text>
              <Button size="sm" variant="outline" onClick={() => navigate(`${paths.exams}/exam/${saved._id}`)}>{i18n._('Open Exam')}</Button>
            </HStack>
          </Box>
        )}

        {listing.isLoading ? (
          <LoadingState label={i18n._('Getting Exams…')} />
        ) : exams ? (
          exams.length === 0 ? (
            <EmptyState title={i18n._(TRANSFER_TEXT.empty)} />
          ) : (
            <Stack gap="3" as="section" aria-label={i18n._('Exams of the other deployment')}>
              <Heading as="h2" size="md">{i18n._('Exams ({count})', { count: formatNumber(exams.length) })}</Heading>
              <SimpleGrid columns={{ base: 1, md: 3, lg: 4 }} gap="4">
                {exams.map((e) => (
                  <ExamCard key={e._id} exam={e} showStatus={false} testId="remote-exam-card">
                    <Button size="sm" onClick={() => setChosen(e)} aria-label={i18n._('Save {title}', { title: e.title })}>{i18n._('Save Exam')}</Button>
                  </ExamCard>
                ))}
              </SimpleGrid>
            </Stack>
          )
        ) : null}
      </Stack>

      <ConfirmDialog
        open={!!chosen}
        title={i18n._('Save Exam')}
        message={i18n._(TRANSFER_TEXT.confirm)}
        onClose={() => setChosen(null)}
        onConfirm={async () => {
          if (!chosen || !site || !user) return;
          try {
            const copy = await transferExam({ currentUserId: user._id, site, exam: chosen._id }).unwrap();
            notify.success(i18n._(TRANSFER_TEXT.saved), savedText(copy));
            setSaved(copy);
            setChosen(null);
          } catch (e) {
            notify.error(i18n._(TRANSFER_TEXT.saveFailed), reasonOf(e, TRANSFER_TEXT.saveFailed));
          }
        }}
      >
        {chosen && (
          <Text mt="2" fontWeight="medium">
            {i18n._('{title} ({count, plural, one {{n} question} other {{n} questions}})', { title: chosen.title, count: chosen.question_count, n: formatNumber(chosen.question_count) })}
          </Text>
        )}
      </ConfirmDialog>
    </>
  );
}
