/**
 * Transfer Exam (admin): an admin of another deployment gives its address, user id and token (from its
 * View My Details); Get Exams lists that deployment's exams; saving one copies it here, hidden, with its media.
 */
import { useId, useState } from 'react';
import { errorText, transferSiteSchema, useForm, useSession, type Exam, type RemoteExam } from 'shared-api';
import { useGetTransferExamsMutation, useTransferExamMutation, type TransferSite } from 'shared-api/back-office';
import {
  Box, Button, ConfirmDialog, EmptyState, HStack, Heading, LoadingState, PageHeader, SimpleGrid, Stack, Text,
  TextField, notify, useNavigate,
} from 'shared-ui';
import { ExamCard } from 'shared-ui/back-office';
import { paths } from '../paths';

export const TRANSFER_TEXT = {
  getFailed: 'Error Getting Exam',
  saveFailed: 'Error Transfering Exam',
  saved: 'Successfully Transfered Exam',
  confirm: 'Are you sure you want to save this exam?',
  empty: 'No Exams Found',
} as const;

/** The server answers '<title>: <reason>'; the toast shows the title once and the reason under it. */
const reasonOf = (err: unknown, title: string) => errorText(err, '').replace(new RegExp(`^${title}:\\s*`), '') || undefined;


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

  const form = useForm<TransferSite>({
    schema: transferSiteSchema,
    initialValues: { url: '', userId: '', token: '' },
    onSubmit: async (v) => {
      if (!user) return;
      const next = { url: v.url.trim(), userId: v.userId.trim(), token: v.token.trim() };
      setSaved(null);
      try {
        await getExams({ currentUserId: user._id, site: next }).unwrap();
        setSite(next);
      } catch (e) {
        setSite(null);
        notify.error(TRANSFER_TEXT.getFailed, reasonOf(e, TRANSFER_TEXT.getFailed));
      }
    },
  });

  const exams = site && listing.isSuccess ? listing.data : null;

  return (
    <>
      <PageHeader title="Transfer Exam" />
      <Stack gap="6">
        <form id={formId} noValidate onSubmit={(e) => void form.handleSubmit(e)} aria-label="Other deployment">
          <Stack gap="4">
            <Text color="fg.muted" fontSize="sm">
              An admin of the other deployment finds its UserId and Token under Profile, View My Details.
            </Text>
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
              <TextField label="Website Name" placeholder="https://exams.example.com/" inputMode="url" autoComplete="url"
                {...form.field('url')} error={form.errors.url} />
              <TextField label="UserId" autoComplete="off" spellCheck={false} {...form.field('userId')} error={form.errors.userId} />
              <TextField label="Token" type="password" autoComplete="off" spellCheck={false} {...form.field('token')} error={form.errors.token} />
            </SimpleGrid>
            <HStack>
              <Button type="submit" loading={listing.isLoading} loadingText="Getting Exams">Get Exams</Button>
            </HStack>
          </Stack>
        </form>

        {saved && (
          <Box role="status" borderWidth="1px" borderRadius="md" p="3" bg="green.subtle">
            <HStack gap="3" flexWrap="wrap">
              <Text flex="1">“{saved.title}” was saved here as a hidden exam with {saved.question_count} questions.</Text>
              <Button size="sm" variant="outline" onClick={() => navigate(`${paths.exams}/exam/${saved._id}`)}>Open Exam</Button>
            </HStack>
          </Box>
        )}

        {listing.isLoading ? (
          <LoadingState label="Getting Exams…" />
        ) : exams ? (
          exams.length === 0 ? (
            <EmptyState title={TRANSFER_TEXT.empty} />
          ) : (
            <Stack gap="3" as="section" aria-label="Exams of the other deployment">
              <Heading as="h2" size="md">Exams ({exams.length})</Heading>
              <SimpleGrid columns={{ base: 1, md: 3, lg: 4 }} gap="4">
                {exams.map((e) => (
                  <ExamCard key={e._id} exam={e} showStatus={false} testId="remote-exam-card">
                    <Button size="sm" onClick={() => setChosen(e)} aria-label={`Save ${e.title}`}>Save Exam</Button>
                  </ExamCard>
                ))}
              </SimpleGrid>
            </Stack>
          )
        ) : null}
      </Stack>

      <ConfirmDialog
        open={!!chosen}
        title="Save Exam"
        message={TRANSFER_TEXT.confirm}
        onClose={() => setChosen(null)}
        onConfirm={async () => {
          if (!chosen || !site || !user) return;
          try {
            const copy = await transferExam({ currentUserId: user._id, site, exam: chosen._id }).unwrap();
            notify.success(TRANSFER_TEXT.saved);
            setSaved(copy);
            setChosen(null);
          } catch (e) {
            notify.error(TRANSFER_TEXT.saveFailed, reasonOf(e, TRANSFER_TEXT.saveFailed));
          }
        }}
      >
        {chosen && <Text mt="2" fontWeight="medium">{chosen.title} ({chosen.question_count} questions)</Text>}
      </ConfirmDialog>
    </>
  );
}
