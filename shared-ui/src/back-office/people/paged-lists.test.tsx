import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DataTable } from 'shared-ui';
import { collectAllPages } from '../common/csv';
import type { User } from 'shared-api';
import { peoplePermissions } from './permissions';
import { UserManagementPage } from './user-management';
import { byUrl, fakeApi, renderSignedIn, type FakeReply } from './test-utils';

const users = Array.from({ length: 25 }, (_, i) => {
  const n = String(i + 1).padStart(2, '0');
  return { _id: `u${n}`, email: `u${n}@example.com`, first_name: 'Student', last_name: n, name: `Student ${n}`, status: 1, role: 0 } as unknown as User;
});

/** users/institute as the server pages it: ?page, ?limit, ?search on the email; the total in X-Total-Count. */
function pageOfUsers(url: URL): FakeReply {
  const page = Number(url.searchParams.get('page') ?? 1);
  const limit = Number(url.searchParams.get('limit') ?? 50);
  const search = url.searchParams.get('search') ?? '';
  const matching = users.filter((u) => u.email.includes(search));
  return { body: matching.slice((page - 1) * limit, page * limit), headers: { 'X-Total-Count': String(matching.length) } };
}

const listCalls = (api: ReturnType<typeof fakeApi>) => api.calls.filter((c) => c.path === 'users/institute/me');

describe('a server-paged users table', () => {
  let api: ReturnType<typeof fakeApi>;
  beforeAll(() => DataTable.preload(), 60_000);
  afterEach(() => api.restore());

  it('asks the server for one page at a time, and searches on the server after typing pauses', async () => {
    api = fakeApi({ 'users/institute/me': byUrl(pageOfUsers) });
    renderSignedIn(<UserManagementPage perms={peoplePermissions('institute', '/institute')} />, 1);
    expect(await screen.findByText('u01@example.com')).toBeInTheDocument();
    expect(screen.getByTestId('table-range')).toHaveTextContent('1–10 of 25');
    expect(screen.queryByText('u11@example.com')).not.toBeInTheDocument();
    expect(Object.fromEntries(listCalls(api)[0]!.search)).toEqual({ page: '1', limit: '10' });

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('u11@example.com')).toBeInTheDocument();
    expect(screen.getByTestId('table-range')).toHaveTextContent('11–20 of 25');
    expect(Object.fromEntries(listCalls(api).at(-1)!.search)).toEqual({ page: '2', limit: '10' });

    fireEvent.change(screen.getByLabelText('Search by Email'), { target: { value: 'u2' } });
    expect(await screen.findByText('u25@example.com')).toBeInTheDocument();
    expect(screen.getByTestId('table-range')).toHaveTextContent('1–6 of 6');
    expect(Object.fromEntries(listCalls(api).at(-1)!.search)).toEqual({ page: '1', limit: '10', search: 'u2' });
    expect(listCalls(api).filter((c) => c.search.has('search'))).toHaveLength(1);

    fireEvent.change(screen.getByLabelText('Rows per page'), { target: { value: '5' } });
    await waitFor(() => expect(screen.getByTestId('table-range')).toHaveTextContent('1–5 of 6'));
    expect(Object.fromEntries(listCalls(api).at(-1)!.search)).toEqual({ page: '1', limit: '5', search: 'u2' });
  });

  it('keeps the page shown while the next one loads', async () => {
    let release!: () => void;
    const late = new Promise<void>((resolve) => { release = resolve; });
    api = fakeApi({
      'users/institute/me': byUrl((url) => ({ ...pageOfUsers(url), after: url.searchParams.get('page') === '2' ? late : undefined })),
    });
    renderSignedIn(<UserManagementPage perms={peoplePermissions('institute', '/institute')} />, 1);
    const table = await screen.findByRole('table', { name: 'Your users' });
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(table.parentElement).toHaveAttribute('aria-busy', 'true'));
    expect(within(table).getByText('u01@example.com')).toBeInTheDocument();
    release();
    expect(await screen.findByText('u11@example.com')).toBeInTheDocument();
    expect(screen.queryByText('u01@example.com')).not.toBeInTheDocument();
  });
});

describe('collectAllPages (CSV of a whole server-paged list)', () => {
  it('asks every page of 100 until the total, keeps a row met twice once, and reports progress', async () => {
    const rows = Array.from({ length: 250 }, (_, i) => ({ id: `r${i}` }));
    const asked: [number, number][] = [];
    const progress: [number, number][] = [];
    const all = await collectAllPages(
      async (page, limit) => {
        asked.push([page, limit]);
        // a row added at the top after page 1 pushes page 2 down by one: r99 comes again
        const shift = page > 1 ? 1 : 0;
        const from = (page - 1) * limit - shift;
        return { rows: rows.slice(from, from + limit), total: rows.length };
      },
      (r) => r.id,
      (loaded, total) => progress.push([loaded, total]),
    );
    expect(asked).toEqual([[1, 100], [2, 100], [3, 100]]);
    expect(all.map((r) => r.id)).toEqual(rows.map((r) => r.id));
    expect(progress).toEqual([[100, 250], [199, 250], [250, 250]]);
  });
});
