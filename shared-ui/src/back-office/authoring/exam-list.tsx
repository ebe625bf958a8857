/**
 * Exam List: UBT EXAM / CBT EXAM tabs, Add Exams, Import Exam, exam cards (Export among their actions); the institute
 * also sees 'Exams You have Access To'.
 */
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { errorText, formatNumber, i18n, useSession, type Exam } from 'shared-api';
import { useDeleteExamMutation, useGetSharedExamsQuery } from 'shared-api/back-office';
import {
  Badge, Box, Button, EmptyState, ErrorState, HStack, Heading, LoadingState, PageHeader, SimpleGrid, Stack,
  Tabs, Text, useNavigate,
} from 'shared-ui';
import { ExamDialog } from './exam-dialog';

// loaded when opened
const AssembleExamDialog = lazy(() => import('./assemble-exam-dialog'));
import { ExportExamButton, ImportExamButton } from './exam-package-actions';
import { authoringPaths, canEditExam, type AuthoringScope } from './scope';
import { useAuthoredExams } from './use-exams';
import { useLoadErrorToast } from './use-load-error';
import { useConfirmedAction } from '../common/confirmed-action';
import { examTypeLabel } from '../common/labels';

/**
 * One exam as a card: title, status (unless `showStatus` is false), type, UBT/CBT, category, question count, and the
 * caller's actions. The exam lists and the transfer page (another deployment's exams) use it.
 */
export function ExamCard({ exam, showStatus = true, testId = 'exam-card', children }: {
  exam: Pick<Exam, 'title' | 'status' | 'type' | 'is_cbt' | 'category' | 'question_count'>;
  showStatus?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Box as="article" borderWidth="1px" borderRadius="lg" p="4" bg="bg" display="flex" flexDirection="column" gap="2" aria-label={exam.title} data-testid={testId}>
      <Heading as="h3" size="md" lineClamp={2}>{exam.title}</Heading>
      <HStack gap="2" flexWrap="wrap">
        {showStatus && <Badge colorPalette={exam.status === 1 ? 'green' : 'gray'}>{exam.status === 1 ? i18n._('Published') : i18n._('Hidden')}</Badge>}
        <Badge variant="outline">{examTypeLabel(exam.type)}</Badge>
        <Badge variant="outline">{exam.is_cbt ? 'CBT' : 'UBT'}</Badge>
      </HStack>
      {exam.category && <Text fontSize="sm" color="fg.muted">{i18n._('Category: {category}', { category: exam.category.title })}</Text>}
      <Text fontSize="sm" color="fg.muted">{i18n._('Questions: {count}', { count: formatNumber(exam.question_count) })}</Text>
      <Box flex="1" />
      <HStack gap="2" flexWrap="wrap">{children}</HStack>
    </Box>
  );
}

function ExamGrid({ exams, children }: { exams: Exam[]; children: (e: Exam) => ReactNode }) {
  if (exams.length === 0) return <EmptyState title={i18n._('Empty Exam List')} />;
  return <SimpleGrid columns={{ base: 1, md: 3, lg: 4 }} gap="4">{exams.map(children)}</SimpleGrid>;
}

export function ExamListPage({ scope }: { scope: AuthoringScope }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const paths = authoringPaths(scope.basePath);
  const exams = useAuthoredExams(scope);
  const shared = useGetSharedExamsQuery(user?._id ?? '', { skip: !user || !scope.showsSharedExams });
  const [deleteExam] = useDeleteExamMutation();
  const [dialog, setDialog] = useState<{ exam: Exam | null } | null>(null);
  const [assembling, setAssembling] = useState(false);
  const remove = useConfirmedAction<Exam>({
    message: i18n._('Are you sure you want to delete this exam?'),
    act: (e) => deleteExam({ examId: e._id, userId: user!._id }).unwrap(),
    success: i18n._('Successfully Deleted Exam'),
    failure: (e) => [i18n._('Error adding exam'), errorText(e, '')],
    details: (e) => <Text mt="2" fontWeight="medium">{e.title}</Text>,
  });
  const [tab, setTab] = useState<'ubt' | 'cbt'>('ubt');
  useLoadErrorToast(exams.isError || shared.isError, exams.error ?? shared.error, i18n._('Error cannot get Exams'));

  const list = exams.data ?? [];
  const card = (e: Exam, editable: boolean) => (
    <ExamCard key={e._id} exam={e}>
      <Button size="sm" onClick={() => navigate(paths.exam(e._id))} aria-label={i18n._('View {title}', { title: e.title })}>{i18n._('View')}</Button>
      {editable && <Button size="sm" variant="outline" onClick={() => setDialog({ exam: e })} aria-label={i18n._('Edit {title}', { title: e.title })}>{i18n._('Edit')}</Button>}
      {editable && <ExportExamButton exam={e} />}
      {editable && <Button size="sm" variant="outline" colorPalette="red" onClick={() => remove.ask(e)} aria-label={i18n._('Delete {title}', { title: e.title })}>{i18n._('Delete')}</Button>}
    </ExamCard>
  );
  const grid = (cbt: boolean) => (
    <ExamGrid exams={list.filter((e) => e.is_cbt === cbt)}>{(e) => card(e, canEditExam(scope, user, e))}</ExamGrid>
  );

  return (
    <>
      <PageHeader
        title={i18n._('Exam List')}
        actions={user && scope.canAddExam(user) ? (
          <HStack gap="2">
            <ImportExamButton onImported={(e) => setTab(e.is_cbt ? 'cbt' : 'ubt')} />
            <Button variant="outline" onClick={() => setAssembling(true)}>{i18n._('New exam from bank')}</Button>
            <Button onClick={() => setDialog({ exam: null })}>{i18n._('Add Exams')}</Button>
          </HStack>
        ) : undefined}
      />
      {exams.isLoading ? (
        <LoadingState />
      ) : exams.isError ? (
        <ErrorState title={i18n._('Error cannot get Exams')} message={errorText(exams.error, '')} onRetry={() => void exams.refetch()} />
      ) : (
        <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value as 'ubt' | 'cbt')} variant="line" lazyMount>
          <Tabs.List>
            <Tabs.Trigger value="ubt">{i18n._('UBT EXAM')}</Tabs.Trigger>
            <Tabs.Trigger value="cbt">{i18n._('CBT EXAM')}</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="ubt">{grid(false)}</Tabs.Content>
          <Tabs.Content value="cbt">{grid(true)}</Tabs.Content>
        </Tabs.Root>
      )}
      {scope.showsSharedExams && (
        <Stack as="section" mt="8" gap="3" aria-labelledby="shared-exams">
          <Heading as="h2" size="lg" id="shared-exams">{i18n._('Exams You have Access To')}</Heading>
          {shared.isLoading ? <LoadingState /> : <ExamGrid exams={shared.data ?? []}>{(e) => card(e, false)}</ExamGrid>}
        </Stack>
      )}
      <ExamDialog scope={scope} open={!!dialog} exam={dialog?.exam} exams={list} onClose={() => setDialog(null)}
        onSaved={(e) => setTab(e.is_cbt ? 'cbt' : 'ubt')} />
      {assembling && (
        <Suspense fallback={<LoadingState />}>
          <AssembleExamDialog onClose={() => setAssembling(false)} onCreated={() => setTab('ubt')} />
        </Suspense>
      )}
      {remove.dialog}
    </>
  );
}
