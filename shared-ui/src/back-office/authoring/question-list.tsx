/** The questions of one exam: Reading/Listening toggle, table, add/edit/delete, publishing and the exam's menu. */
import { lazy, Suspense, useState } from 'react';
import { QUESTIONS_PER_TYPE, TOTAL_QUESTIONS, errorText, type Question, type QuestionType } from 'shared-api';
import {
  AUTHORING_MSG, useDeleteQuestionMutation, useGetExamQuery, useGetQuestionsQuery, usePublishExamMutation,
} from 'shared-api/back-office';
import {
  Badge, Button, ButtonGroup, DataTable, ErrorState, HStack, LoadingState, Menu, PageHeader, Portal, Text,
  notify, type Column,
} from 'shared-ui';
import { PublishRulesDialog } from './publish-rules-dialog';
import { canEditExam, type AuthoringScope } from './scope';
import { useExamRoute } from './use-exam-route';
import { useLoadErrorToast } from './use-load-error';
import { useConfirmedAction } from '../common/confirmed-action';

// The editor (uploads, preview) loads only when a question is added or edited.
const QuestionDialog = lazy(() => import('./question-dialog'));

const isMedia = (s: string) => s.startsWith('/media/') || /^https?:\/\//.test(s);

export function QuestionListPage({ scope }: { scope: AuthoringScope }) {
  const { examId, user, navigate, paths, args, skip } = useExamRoute(scope);
  const exam = useGetExamQuery(args, { skip });
  const questions = useGetQuestionsQuery(args, { skip });
  const [deleteQuestion] = useDeleteQuestionMutation();
  const [publishExam, publishing] = usePublishExamMutation();
  const [type, setType] = useState<QuestionType>('Reading');
  const [editor, setEditor] = useState<{ question: Question | null } | null>(null);
  const remove = useConfirmedAction<Question>({
    message: 'Are you sure you want to delete this question?',
    act: (q) => deleteQuestion({ examId, questionId: q._id, userId: user!._id }).unwrap(),
    failure: (e) => ['Error deleting question', errorText(e, '')],
  });
  const [rulesOpen, setRulesOpen] = useState(false);
  useLoadErrorToast(questions.isError, questions.error, 'Error cannot get Questions');
  useLoadErrorToast(exam.isError, exam.error, 'Error cannot get Exams');

  const all = questions.data ?? [];
  const ofType = all.filter((q) => q.type === type).sort((a, b) => a.question_number - b.question_number);
  const editable = canEditExam(scope, user, exam.data);
  const published = exam.data?.status === 1;

  const columns: Column<Question>[] = [
    { header: 'Number', cell: (q) => q.question_number },
    {
      header: 'Heading',
      cell: (q) => {
        const h = q.main_heading_image || isMedia(q.main_heading) ? '(image)' : q.main_heading || q.heading;
        return <Text lineClamp={2} maxW="md">{h || '—'}</Text>;
      },
    },
    { header: 'Option Type', cell: (q) => q.option_type },
    { header: 'Answer', cell: (q) => q.answer ?? '' },
  ];
  if (editable) {
    columns.push({
      header: 'Actions',
      cell: (q) => (
        <HStack gap="1">
          <Button size="xs" variant="outline" onClick={() => setEditor({ question: q })} aria-label={`Edit question ${q.question_number}`}>Edit</Button>
          {/* a published exam's questions cannot be removed (the server refuses): said above the table */}
          <Button size="xs" variant="outline" colorPalette="red" onClick={() => remove.ask(q)} aria-label={`Delete question ${q.question_number}`}
            disabled={published} title={published ? AUTHORING_MSG.unpublishFirst : undefined} aria-describedby={published ? 'delete-note' : undefined}>Delete</Button>
        </HStack>
      ),
    });
  }

  function addQuestion() {
    if (ofType.length >= QUESTIONS_PER_TYPE) {
      notify.error('Switch to Reading or Listening Mode');
      return;
    }
    setEditor({ question: null });
  }

  async function publish() {
    if (!user) return;
    try {
      await publishExam(args).unwrap();
      notify.success('Successfully Published Exam');
    } catch (e) {
      notify.error('Error adding exam', errorText(e, ''));
    }
  }

  if (exam.isLoading || questions.isLoading) return <LoadingState />;
  if (exam.isError || questions.isError) {
    return (
      <>
        <PageHeader title="Questions" onBack={() => navigate(paths.exams)} />
        <ErrorState title="Error cannot get Questions" message={errorText(questions.error ?? exam.error, '')}
          onRetry={() => { void exam.refetch(); void questions.refetch(); }} />
      </>
    );
  }

  const publishState = published ? (
    <Badge colorPalette="green" size="lg">Published</Badge>
  ) : all.length === TOTAL_QUESTIONS && editable ? (
    <Button colorPalette="green" onClick={() => void publish()} loading={publishing.isLoading}>Ready To Publish</Button>
  ) : (
    <HStack gap="2">
      <Text color="fg.muted">Not Ready To Publish</Text>
      <Button size="sm" variant="outline" onClick={() => setRulesOpen(true)}>Why?</Button>
    </HStack>
  );

  return (
    <>
      <PageHeader
        title={exam.data?.title ?? 'Questions'}
        onBack={() => navigate(paths.exams)}
        actions={
          <HStack gap="2" flexWrap="wrap">
            {publishState}
            <Menu.Root>
              <Menu.Trigger asChild>
                <Button variant="outline" aria-label="Exam menu">More</Button>
              </Menu.Trigger>
              <Portal>
                <Menu.Positioner>
                  <Menu.Content>
                    <Menu.Item value="results" onClick={() => navigate(paths.results(examId))}>View Results</Menu.Item>
                    {scope.canManageInstituteAccess && exam.data?.type === 'private' && (
                      <Menu.Item value="institutes" onClick={() => navigate(paths.institutes(examId))}>Who can see this exam?</Menu.Item>
                    )}
                    <Menu.Item value="summary" onClick={() => navigate(paths.summary(examId))}>Question Summary</Menu.Item>
                  </Menu.Content>
                </Menu.Positioner>
              </Portal>
            </Menu.Root>
          </HStack>
        }
      />
      <HStack mb="4" gap="3" flexWrap="wrap" justify="space-between">
        <ButtonGroup size="sm" attached variant="outline" role="group" aria-label="Question type">
          {(['Reading', 'Listening'] as const).map((t) => (
            <Button key={t} aria-pressed={type === t} variant={type === t ? 'solid' : 'outline'} onClick={() => setType(t)}>
              {t} ({all.filter((q) => q.type === t).length}/{QUESTIONS_PER_TYPE})
            </Button>
          ))}
        </ButtonGroup>
        {editable && <Button onClick={addQuestion}>Add Questions</Button>}
      </HStack>
      {editable && published && (
        <Text id="delete-note" mb="3" fontSize="sm" color="fg.muted">{AUTHORING_MSG.unpublishFirst}: a published exam&apos;s questions can be edited, not removed (to unpublish, edit the exam and set its Status to Hiden).</Text>
      )}
      <DataTable rows={ofType} columns={columns} rowKey={(q) => q._id} pageSize={20} emptyText={`No ${type} questions yet`} caption={`${type} questions`} />
      {editor && (
        <Suspense fallback={<LoadingState label="Opening the editor…" />}>
          <QuestionDialog open examId={examId} type={editor.question?.type ?? type} questions={all} question={editor.question}
            onClose={() => setEditor(null)} />
        </Suspense>
      )}
      <PublishRulesDialog open={rulesOpen} onClose={() => setRulesOpen(false)} questions={all} />
      {remove.dialog}
    </>
  );
}
