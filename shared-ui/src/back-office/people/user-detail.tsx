/**
 * User detail (/users/{userId}, /institutes/{userId}): header, then tabs for an institute or for a student (Results, By
 * item type, User Access).
 */
import {
  Avatar, Badge, Box, Card, HStack, ItemTypePanel, SimpleGrid, Stack, Tabs, Text, useNavigate, useParams, EmptyState, ErrorState, LoadingState, PageHeader,
  notify,
} from 'shared-ui';
import { useGetItemTypesOfStudentQuery } from 'shared-api/progress';
import { useServerPaging } from '../common/use-server-paging';
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  ROLE_LABEL, errorText, formatNumber, i18n, useAppDispatch, useGetUserInfoQuery, useSession, type Exam, type PageOf, type Result,
} from 'shared-api';
import {
  peopleApi, useGetExamsGrantedToQuery, useGetExamsOfInstituteQuery, useGetResultsOfUserQuery, useGetUsersOfInstituteQuery,
} from 'shared-api/back-office';
import type { PeoplePermissions } from './permissions';
import { RESULTS_PAGE_SIZE, ResultsTable, type ResultRow } from './results-table';
import { UserAccessTab } from './user-access';
import { UsersTable, useUsersPaging } from './users-table';
import { examTypeLabel } from '../common/labels';

export function resultRows(page: PageOf<Result>): PageOf<ResultRow>;
export function resultRows(page: PageOf<Result> | undefined): PageOf<ResultRow> | undefined;
export function resultRows(page: PageOf<Result> | undefined): PageOf<ResultRow> | undefined {
  return page && { total: page.total, rows: page.rows.map((r) => ({
    _id: r._id,
    resultId: r._id,
    student: `${r.user.firstname} ${r.user.lastname}`.trim(),
    email: r.user.email,
    exam: r.exam,
    score: r.score,
    total: r.total_questions,
    scores: r,
    submitted: r.createdAt,
    leaves: r.leaves,
  })) };
}

export default function UserDetailPage({ perms }: { perms: PeoplePermissions }) {
  const { userId = '' } = useParams();
  const navigate = useNavigate();
  const info = useGetUserInfoQuery(userId, { skip: !userId });
  useEffect(() => {
    if (info.error) notify.error(i18n._('Load Error'), errorText(info.error, i18n._('Error loading User')), 'user-load');
  }, [info.error]);

  return (
    <>
      <PageHeader title={i18n._('User Detail')} onBack={() => navigate(-1)} />
      {info.isLoading ? (
        <LoadingState />
      ) : info.error || !info.data ? (
        <ErrorState title={i18n._('Load Error')} message={errorText(info.error, i18n._('Error loading User'))} onRetry={() => void info.refetch()} />
      ) : (
        <Stack gap="5">
          <Card.Root>
            <Card.Body>
              <HStack gap="4" flexWrap="wrap">
                <Avatar.Root size="2xl">
                  <Avatar.Fallback name={info.data.name || info.data.email} />
                  {info.data.image ? <Avatar.Image src={info.data.image} alt="" /> : null}
                </Avatar.Root>
                <Stack gap="1">
                  <Text as="h2" fontSize="xl" fontWeight="bold" data-testid="detail-name">
                    {info.data.name || info.data.email}
                  </Text>
                  <HStack gap="2">
                    <Badge colorPalette={info.data.role === 1 ? 'purple' : 'blue'} data-testid="detail-role">
                      {info.data.role === 1 ? i18n._('Institute') : ROLE_LABEL[info.data.role]}
                    </Badge>
                    <Text fontSize="sm" color="fg.muted">
                      {info.data.email}
                    </Text>
                  </HStack>
                  <Text fontSize="sm" data-testid="detail-uid">
                    {info.data.user_uid || i18n._('Unique id of user not found')}
                  </Text>
                </Stack>
              </HStack>
            </Card.Body>
          </Card.Root>
          {info.data.role === 1 ? <InstituteTabs key={userId} instituteId={userId} perms={perms} /> : <StudentTabs key={userId} studentId={userId} perms={perms} />}
        </Stack>
      )}
    </>
  );
}

function StudentTabs({ studentId, perms }: { studentId: string; perms: PeoplePermissions }) {
  return (
    <Tabs.Root defaultValue="results" lazyMount variant="line">
      <Tabs.List flexWrap="wrap">
        <Tabs.Trigger value="results">{i18n._('Results')}</Tabs.Trigger>
        <Tabs.Trigger value="item-types">{i18n._('By item type')}</Tabs.Trigger>
        <Tabs.Trigger value="access">{i18n._('User Access')}</Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="results">
        <ResultsOf id={studentId} perms={perms} emptyText={i18n._("User haven't completed exam")} csvName="student-results" />
      </Tabs.Content>
      <Tabs.Content value="item-types">
        <StudentItemTypes studentId={studentId} />
      </Tabs.Content>
      <Tabs.Content value="access">
        <UserAccessTab studentId={studentId} />
      </Tabs.Content>
    </Tabs.Root>
  );
}

/** The score per item type across every result of the student, weakest first. */
function StudentItemTypes({ studentId }: { studentId: string }) {
  const { user: me } = useSession();
  const q = useGetItemTypesOfStudentQuery({ id: studentId, userId: me?._id ?? '' }, { skip: !me, refetchOnMountOrArgChange: true });
  return (
    <ItemTypePanel data={q.data} isLoading={q.isLoading} error={q.error} onRetry={() => void q.refetch()}
      emptyText={i18n._("User haven't completed exam")} scope={i18n._("All of this student's results.")} />
  );
}

function ResultsOf({ id, perms, emptyText, csvName }: { id: string; perms: PeoplePermissions; emptyText: string; csvName: string }) {
  const { user: me } = useSession();
  const userId = me?._id ?? '';
  const [onlyLeft, setOnlyLeft] = useState(false);
  const paging = useServerPaging(RESULTS_PAGE_SIZE, String(onlyLeft));
  const q = useGetResultsOfUserQuery({ id, userId, left: onlyLeft, ...paging.args }, { skip: !me });
  useEffect(() => {
    if (q.error) notify.error(errorText(q.error, i18n._('Error loading Results')), undefined, 'results-load');
  }, [q.error]);
  const rows = useMemo(() => resultRows(q.data), [q.data]);
  const dispatch = useAppDispatch();
  const loadAll = useCallback(async (page: number, limit: number) =>
    resultRows(await dispatch(peopleApi.endpoints.getResultsOfUser.initiate({ id, userId, page, limit }, { subscribe: false, forceRefetch: true })).unwrap()),
  [dispatch, id, userId]);
  if (q.error) return <ErrorState title={i18n._('Error cannot get Results')} message={errorText(q.error, i18n._('Error loading Results'))} onRetry={() => void q.refetch()} />;
  return (
    <ResultsTable page={rows} paging={paging} loading={q.isLoading} fetching={q.isFetching} loadAll={loadAll} resultPath={perms.resultPath}
      emptyText={emptyText} csvName={csvName} onlyLeft={onlyLeft} onOnlyLeftChange={setOnlyLeft} />
  );
}

function InstituteTabs({ instituteId, perms }: { instituteId: string; perms: PeoplePermissions }) {
  return (
    <Tabs.Root defaultValue="results" lazyMount variant="line">
      <Tabs.List flexWrap="wrap">
        <Tabs.Trigger value="results">{i18n._('Result List')}</Tabs.Trigger>
        <Tabs.Trigger value="users">{i18n._('Users')}</Tabs.Trigger>
        <Tabs.Trigger value="access">{i18n._('Exam Access')}</Tabs.Trigger>
        <Tabs.Trigger value="exams">{i18n._('Exam List')}</Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="results">
        <ResultsOf id={instituteId} perms={perms} emptyText={i18n._('No Result Found')} csvName="institute-results" />
      </Tabs.Content>
      <Tabs.Content value="users">
        <InstituteUsersTab instituteId={instituteId} perms={perms} />
      </Tabs.Content>
      <Tabs.Content value="access">
        <InstituteExamAccessTab instituteId={instituteId} />
      </Tabs.Content>
      <Tabs.Content value="exams">
        <InstituteExamsTab instituteId={instituteId} />
      </Tabs.Content>
    </Tabs.Root>
  );
}

function InstituteUsersTab({ instituteId, perms }: { instituteId: string; perms: PeoplePermissions }) {
  const { user: me } = useSession();
  const paging = useUsersPaging();
  const q = useGetUsersOfInstituteQuery({ instituteId, userId: me?._id ?? '', ...paging.args }, { skip: !me });
  return <UsersTable list={q} paging={paging} perms={perms} caption={i18n._('Students of the institute')} />;
}

export function ExamGrid({ exams, emptyText }: { exams: Exam[]; emptyText: string }) {
  if (!exams.length) return <EmptyState title={emptyText} />;
  return (
    <SimpleGrid columns={{ base: 1, md: 3, lg: 4 }} gap="4">
      {exams.map((e) => (
        <Card.Root key={e._id} data-testid="exam-card">
          <Card.Body gap="2">
            <Text fontWeight="semibold">{e.title}</Text>
            <HStack gap="1" flexWrap="wrap">
              <Badge>{e.is_cbt ? 'CBT' : 'UBT'}</Badge>
              <Badge colorPalette={e.type === 'private' ? 'orange' : 'green'}>{examTypeLabel(e.type)}</Badge>
              <Badge colorPalette={e.status === 1 ? 'blue' : 'gray'}>{e.status === 1 ? i18n._('Published') : i18n._('Hidden')}</Badge>
            </HStack>
            <Text fontSize="sm" color="fg.muted">
              {i18n._('{count, plural, one {{n} question} other {{n} questions}}', { count: e.question_count, n: formatNumber(e.question_count) })}
              {e.category ? ` · ${e.category.title}` : ''}
            </Text>
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}

function InstituteExamsTab({ instituteId }: { instituteId: string }) {
  const { user: me } = useSession();
  const q = useGetExamsOfInstituteQuery({ instituteId, userId: me?._id ?? '' }, { skip: !me });
  useEffect(() => {
    if (q.error) notify.error(i18n._('Error cannot get Exams'), errorText(q.error, ''), 'inst-exams-load');
  }, [q.error]);
  if (q.isLoading) return <LoadingState />;
  return <ExamGrid exams={q.data ?? []} emptyText={i18n._('Empty Exam List')} />;
}

/** Private exams an admin opened to this institute (admin only: only an admin views an institute's detail). */
function InstituteExamAccessTab({ instituteId }: { instituteId: string }) {
  const { user: me } = useSession();
  const granted = useGetExamsGrantedToQuery({ instituteId, userId: me?._id ?? '' }, { skip: !me });
  if (granted.error) return <ErrorState title={i18n._('Error cannot get Exams')} message={errorText(granted.error, '')} />;
  if (!granted.data) return <LoadingState />;
  return (
    <Box>
      <Text fontSize="sm" color="fg.muted" mb="3">
        {i18n._('Private exams this institute has been given access to. Public and free exams are open to every institute.')}
      </Text>
      <ExamGrid exams={granted.data} emptyText={i18n._('No private exams shared with this institute')} />
    </Box>
  );
}
