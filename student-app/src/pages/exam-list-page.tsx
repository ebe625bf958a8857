/** /student/exams: the exams the student may start (Available Exams) and the others with the reason they cannot. */
import {
  EXAM_LIST_FRESH_SECONDS, MSG, errorText, formatNumber, i18n, translateServerMessage, useGetAvailableExamsQuery, useGetOtherExamsQuery, useSession,
  type ListedExam,
} from 'shared-api';
import {
  Alert, Badge, Box, Button, EmptyState, ErrorState, HStack, LoadingState, PageHeader, RouterLink, SimpleGrid, Stack, Text,
  useNavigate,
} from 'shared-ui';
import { useLayoutEffect } from 'react';
import { contentLang } from '../exam/content-lang';
import { takeFirstPaintHandoff } from '../first-paint/handoff';
import { formatBytes } from '../exam/size';
import { RunningNote } from '../exam/running-note';
import { examStorage } from '../exam/storage';
import { paths } from '../paths';

function ExamCard({ exam, onStart, receivedAt }: { exam: ListedExam; onStart?: () => void; receivedAt?: number }) {
  return (
    <Box as="article" borderWidth="1px" borderRadius="lg" p="4" bg="bg" display="flex" flexDirection="column" gap="3" aria-label={exam.title}>
      <Stack gap="1" flex="1">
        <Text as="h3" fontWeight="semibold" fontSize="md" lang={contentLang(exam.title)}>
          {exam.title}
        </Text>
        <HStack gap="2" flexWrap="wrap">
          <Badge colorPalette={exam.is_cbt ? 'purple' : 'teal'}>{exam.is_cbt ? 'CBT' : 'UBT'}</Badge>
          {exam.category?.title && <Badge variant="outline">{exam.category.title}</Badge>}
        </HStack>
        {typeof exam.downloadBytes === 'number' && (
          <Text fontSize="sm" color="fg.muted" data-testid="exam-size">
            {i18n._('Download: {size}', { size: formatBytes(exam.downloadBytes) })}
          </Text>
        )}
        {exam.remaining !== null && exam.remaining !== undefined && (
          <Text fontSize="sm" color="fg.muted">
            {i18n._('Attempts left: {count}', { count: formatNumber(exam.remaining) })}
          </Text>
        )}
        {!onStart && exam.reason && (
          <Text fontSize="sm" color="fg.warning">
            {translateServerMessage(exam.reason) /* the server's words (shared-api's server-messages.ts lists them) */}
          </Text>
        )}
        {exam.running && <RunningNote running={exam.running} receivedAt={receivedAt} />}
      </Stack>
      {onStart && (
        <Button colorPalette="blue" onClick={onStart} aria-label={exam.running ? i18n._('Resume {title}', { title: exam.title }) : i18n._('Start {title}', { title: exam.title })}>
          {exam.running ? i18n._('Resume') : i18n._('Start')}
        </Button>
      )}
    </Box>
  );
}

function ExamSection(props: {
  title: string;
  exams: ListedExam[] | undefined;
  loading: boolean;
  error: unknown;
  empty: string;
  onRetry: () => void;
  onStart?: (e: ListedExam) => void;
  /** when the list arrived (for the time left of a running attempt) */
  receivedAt?: number;
}) {
  return (
    <Box as="section" aria-label={props.title}>
      <Text as="h2" fontSize="lg" fontWeight="bold" mb="3">
        {props.title}
      </Text>
      {props.loading ? (
        <LoadingState />
      ) : props.error ? (
        <ErrorState title={i18n._('Error cannot get Exams')} message={errorText(props.error, '')} onRetry={props.onRetry} />
      ) : !props.exams?.length ? (
        <EmptyState title={props.empty} />
      ) : (
        <SimpleGrid columns={{ base: 1, md: 3, lg: 4 }} gap="4">
          {props.exams.map((e) => (
            <ExamCard key={e._id} exam={e} onStart={props.onStart ? () => props.onStart!(e) : undefined} receivedAt={props.receivedAt} />
          ))}
        </SimpleGrid>
      )}
    </Box>
  );
}

export function ExamListPage() {
  const { user } = useSession();
  const navigate = useNavigate();
  const userId = user?._id ?? '';
  // Fresh on every visit, but not asked twice when the area has just prefetched them (app.tsx).
  const fresh = { skip: !userId, refetchOnMountOrArgChange: EXAM_LIST_FRESH_SECONDS };
  const available = useGetAvailableExamsQuery(userId, fresh);
  const other = useGetOtherExamsQuery(userId, fresh);
  const start = (exam: ListedExam) => {
    examStorage.setSelected(exam);
    navigate(paths.examStart(exam._id));
  };
  // The first paint (../first-paint/handoff.ts) gives way once this page shows the same lists, in the commit that
  // draws them (a layout effect: before the browser paints or handles a key); a Start or Resume pressed there is done.
  const shown = !!available.data && (!!other.data || !!other.error);
  useLayoutEffect(() => {
    if (!shown) return;
    const pressed = takeFirstPaintHandoff(); // (once: undefined afterwards, and without a first paint)
    const exam = pressed ? available.data?.find((e) => e._id === pressed) : undefined;
    if (exam) start(exam);
  });

  return (
    <Stack gap="6">
      <PageHeader title={i18n._('Exam List')} />
      {user && !user.created_by && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>{MSG.notVerified}</Alert.Description>
            <RouterLink to={paths.contact} style={{ textDecoration: 'underline', fontWeight: 600 }}>
              {MSG.seeHowToContact}
            </RouterLink>
          </Alert.Content>
        </Alert.Root>
      )}
      <ExamSection
        title={i18n._('Available Exams')}
        exams={available.data}
        loading={available.isLoading}
        error={available.error}
        empty={i18n._('No exams available')}
        onRetry={() => void available.refetch()}
        receivedAt={available.fulfilledTimeStamp}
        onStart={start}
      />
      <ExamSection
        title={i18n._('Other Exams List')}
        exams={other.data}
        loading={other.isLoading}
        error={other.error}
        empty={i18n._('No other exams')}
        onRetry={() => void other.refetch()}
      />
    </Stack>
  );
}
