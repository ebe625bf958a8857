/** The questions of one exam: Reading/Listening toggle, table, add/edit/delete, publishing and the exam's menu. */
import { lazy, Suspense, useState } from 'react';
import { QUESTIONS_PER_TYPE, TOTAL_QUESTIONS, errorText, formatNumber, i18n, localDigits, type Question, type QuestionType } from 'shared-api';
import {
  AUTHORING_MSG, useDeleteQuestionMutation, useGetExamQuery, useGetQuestionsQuery, usePublishExamMutation,
} from 'shared-api/back-office';
import {
  Badge, Box, Button, ButtonGroup, DataTable, ErrorState, HStack, LoadingState, Menu, PageHeader, Portal, Text,
  notify, type Column,
} from 'shared-ui';
import { PublishRulesDialog } from './publish-rules-dialog';
import { canEditExam, type AuthoringScope } from './scope';
import { useExamRoute } from './use-exam-route';
import { useLoadErrorToast } from './use-load-error';
import { useConfirmedAction } from '../common/confirmed-action';
import { storedValueLabel } from './question-form';

// The editor (uploads, preview) loads only when a question is added or edited.
const QuestionDialog = lazy(() => import('./question-dialog'));
const AddFromBankDialog = lazy(() => import('./question-bank'));

const isMedia = (s: string) => s.startsWith('/media/') || /^https?:\/\//.test(s);

export function QuestionListPage({ scope }: { scope: AuthoringScope }) {
  const { examId, user, navigate, paths, args, skip } = useExamRoute(scope);
  const exam = useGetExamQuery(args, { skip });
  const questions = useGetQuestionsQuery(args, { skip });
  const [deleteQuestion] = useDeleteQuestionMutation();
  const [publishExam, publishing] = usePublishExamMutation();
  const [type, setType] = useState<QuestionType>('Reading');
  const [editor, setEditor] = useState<{ question: Question | null } | null>(null);
  const [fromBank, setFromBank] = useState(false);
  const remove = useConfirmedAction<Question>({
    message: i18n._('Are you sure you want to delete this question?'),
    act: (q) => deleteQuestion({ examId, questionId: q._id, userId: user!._id }).unwrap(),
    failure: (e) => [i18n._('Error deleting question'), errorText(e, '')],
  });
  const [rulesOpen, setRulesOpen] = useState(false);
  useLoadErrorToast(questions.isError, questions.error, i18n._('Error cannot get Questions'));
  useLoadErrorToast(exam.isError, exam.error, i18n._('Error cannot get Exams'));

  const all = questions.data ?? [];
  const ofType = all.filter((q) => q.type === type).sort((a, b) => a.question_number - b.question_number);
  const editable = canEditExam(scope, user, exam.data);
  const published = exam.data?.status === 1;

  const columns: Column<Question>[] = [
    { header: /*i18n*/ 'Number', cell: (q) => formatNumber(q.question_number) },
    {
      header: /*i18n*/ 'Heading',
      cell: (q) => {
        if (q.main_heading_image || isMedia(q.main_heading)) return <Text lineClamp={2} maxW="md">{i18n._('(image)')}</Text>;
        const h = q.main_heading || q.heading;
        // the exam's own (Korean) text
        return <Text lineClamp={2} maxW="md" lang={h ? 'ko' : undefined}>{h || '—'}</Text>;
      },
    },
    { header: /*i18n*/ 'Option Type', cell: (q) => storedValueLabel(q.option_type) },
    { header: /*i18n*/ 'Answer', cell: (q) => localDigits(q.answer ?? '') },
  ];
  if (editable) {
    columns.push({
      header: /*i18n*/ 'Actions',
      cell: (q) => (
        <HStack gap="1">
          <Button size="xs" variant="outline" onClick={() => setEditor({ question: q })} aria-label={i18n._('Edit question {number}', { number: formatNumber(q.question_number) })}>{i18n._('Edit')}</Button>
          {/* a published exam's questions cannot be removed (the server refuses): said above the table */}
          <Button size="xs" variant="outline" colorPalette="red" onClick={() => remove.ask(q)} aria-label={i18n._('Delete question {number}', { number: formatNumber(q.question_number) })}
            disabled={published} title={published ? AUTHORING_MSG.unpublishFirst : undefined} aria-describedby={published ? 'delete-note' : undefined}>{i18n._('Delete')}</Button>
        </HStack>
      ),
    });
  }

  function addQuestion() {
    if (ofType.length >= QUESTIONS_PER_TYPE) {
      notify.error(i18n._('Switch to Reading or Listening Mode'));
      return;
    }
    setEditor({ question: null });
  }

  async function publish() {
    if (!user) return;
    try {
      await publishExam(args).unwrap();
      notify.success(i18n._('Successfully Published Exam'));
    } catch (e) {
      notify.error(i18n._('Error adding exam'), errorText(e, ''));
    }
  }

  if (exam.isLoading || questions.isLoading) return <LoadingState />;
  if (exam.isError || questions.isError) {
    return (
      <>
        <PageHeader title={i18n._('Questions')} onBack={() => navigate(paths.exams)} />
        <ErrorState title={i18n._('Error cannot get Questions')} message={errorText(questions.error ?? exam.error, '')}
          onRetry={() => { void exam.refetch(); void questions.refetch(); }} />
      </>
    );
  }

  const publishState = published ? (
    <Badge colorPalette="green" size="lg">{i18n._('Published')}</Badge>
  ) : all.length === TOTAL_QUESTIONS && editable ? (
    <Button colorPalette="green" onClick={() => void publish()} loading={publishing.isLoading}>{i18n._('Ready To Publish')}</Button>
  ) : (
    <HStack gap="2">
      <Text color="fg.muted">{i18n._('Not Ready To Publish')}</Text>
      <Button size="sm" variant="outline" onClick={() => setRulesOpen(true)}>{i18n._('Why?')}</Button>
    </HStack>
  );

  return (
    <>
      <PageHeader
        title={exam.data?.title ?? i18n._('Questions')}
        onBack={() => navigate(paths.exams)}
        actions={
          <HStack gap="2" flexWrap="wrap">
            {publishState}
            <Menu.Root>
              <Menu.Trigger asChild>
                {/* named by its content, the visible word first (WCAG 2.5.3, Label in Name): "More: Exam menu" */}
                <Button variant="outline">{i18n._('More')}<Box as="span" srOnly>{': '}{i18n._('Exam menu')}</Box></Button>
              </Menu.Trigger>
              <Portal>
                <Menu.Positioner>
                  <Menu.Content>
                    <Menu.Item value="results" onClick={() => navigate(paths.results(examId))}>{i18n._('View Results')}</Menu.Item>
                    {scope.canManageInstituteAccess && exam.data?.type === 'private' && (
                      <Menu.Item value="institutes" onClick={() => navigate(paths.institutes(examId))}>{i18n._('Who can see this exam?')}</Menu.Item>
                    )}
                    <Menu.Item value="summary" onClick={() => navigate(paths.summary(examId))}>{i18n._('Question Summary')}</Menu.Item>
                  </Menu.Content>
                </Menu.Positioner>
              </Portal>
            </Menu.Root>
          </HStack>
        }
      />
      <HStack mb="4" gap="3" flexWrap="wrap" justify="space-between">
        <ButtonGroup size="sm" attached variant="outline" role="group" aria-label={i18n._('Question type')}>
          {(['Reading', 'Listening'] as const).map((t) => (
            <Button key={t} aria-pressed={type === t} variant={type === t ? 'solid' : 'outline'} onClick={() => setType(t)}>
              {i18n._('{type} ({count}/{total})', { type: storedValueLabel(t), count: formatNumber(all.filter((q) => q.type === t).length), total: formatNumber(QUESTIONS_PER_TYPE) })}
            </Button>
          ))}
        </ButtonGroup>
        {editable && (
          <HStack gap="2">
            <Button variant="outline" onClick={() => setFromBank(true)} disabled={ofType.length >= QUESTIONS_PER_TYPE}>{i18n._('Add from bank')}</Button>
            <Button onClick={addQuestion}>{i18n._('Add Questions')}</Button>
          </HStack>
        )}
      </HStack>
      {editable && published && (
        <Text id="delete-note" mb="3" fontSize="sm" color="fg.muted">
          {i18n._("{reason}: a published exam's questions can be edited, not removed (to unpublish, edit the exam and set its Status to Hiden).", { reason: AUTHORING_MSG.unpublishFirst })}
        </Text>
      )}
      <DataTable rows={ofType} columns={columns} rowKey={(q) => q._id} pageSize={20} emptyText={type === 'Reading' ? i18n._('No Reading questions yet') : i18n._('No Listening questions yet')}
        caption={type === 'Reading' ? i18n._('Reading questions') : i18n._('Listening questions')} />
      {editor && (
        <Suspense fallback={<LoadingState label={i18n._('Opening the editor…')} />}>
          <QuestionDialog open examId={examId} type={editor.question?.type ?? type} questions={all} question={editor.question}
            onClose={() => setEditor(null)} />
        </Suspense>
      )}
      {fromBank && (
        <Suspense fallback={<LoadingState label={i18n._('Opening the question bank…')} />}>
          <AddFromBankDialog examId={examId} type={type} questions={all} scope={scope} onClose={() => setFromBank(false)} />
        </Suspense>
      )}
      <PublishRulesDialog open={rulesOpen} onClose={() => setRulesOpen(false)} questions={all} />
      {remove.dialog}
    </>
  );
}
