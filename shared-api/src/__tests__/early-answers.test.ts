import { store } from '../store';
import { prefetchExamLists, examListsApi as studentExamApi } from '../endpoints/exam-lists';

type Early = Record<string, Promise<unknown> | undefined>;
const g = globalThis as { __epsEarly?: Early; fetch: typeof fetch };

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe("the exam list takes the answers index.html asked for", () => {
  const realFetch = g.fetch;
  let calls: string[];
  beforeEach(() => {
    calls = [];
    g.fetch = jest.fn(async (input: RequestInfo | URL) => {
      const url = input instanceof Request ? input.url : String(input);
      calls.push(new URL(url).pathname);
      return json([{ _id: 'from-server', title: 'From the server' }]);
    }) as unknown as typeof fetch;
    store.dispatch(studentExamApi.util.resetApiState());
  });
  afterAll(() => { g.fetch = realFetch; delete g.__epsEarly; });

  it('uses an early answer once and asks the server for nothing', async () => {
    g.__epsEarly = {
      'exams/published/users/u1': Promise.resolve([{ _id: 'e1', title: 'Early available' }]),
      'exams/users/getAll/u1': Promise.resolve([{ _id: 'e2', title: 'Early other' }]),
    };
    prefetchExamLists('u1');
    const available = await store.dispatch(studentExamApi.endpoints.getAvailableExams.initiate('u1'));
    const other = await store.dispatch(studentExamApi.endpoints.getOtherExams.initiate('u1'));
    expect(available.data?.map((e) => e._id)).toEqual(['e1']);
    expect(other.data?.map((e) => e._id)).toEqual(['e2']);
    expect(calls).toEqual([]);
    // taken once: a refetch asks the server
    const again = await store.dispatch(studentExamApi.endpoints.getAvailableExams.initiate('u1', { forceRefetch: true }));
    expect(again.data?.map((e) => e._id)).toEqual(['from-server']);
    expect(calls).toEqual(['/api/exams/published/users/u1']);
  });

  it('asks the server itself when the early answer failed (expired token, offline)', async () => {
    g.__epsEarly = { 'exams/published/users/u1': Promise.resolve(null) };
    const available = await store.dispatch(studentExamApi.endpoints.getAvailableExams.initiate('u1'));
    expect(available.data?.map((e) => e._id)).toEqual(['from-server']);
    expect(calls).toEqual(['/api/exams/published/users/u1']);
  });
});
