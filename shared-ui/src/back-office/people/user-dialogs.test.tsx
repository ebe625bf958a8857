import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { User } from 'shared-api';
import { AddUserDialog, EditUserDialog } from './user-dialogs';
import { fakeApi, renderSignedIn } from './test-utils';

describe('user dialogs', () => {
  let api: ReturnType<typeof fakeApi>;
  beforeEach(() => {
    api = fakeApi();
  });
  afterEach(() => api.restore());

  it('Add User shows the checker messages and makes no call', async () => {
    renderSignedIn(<AddUserDialog open onClose={() => {}} />, 1);
    fireEvent.change(await screen.findByLabelText(/^First Name/), { target: { value: 'Al' } });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'not-an-email' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'password123' } });
    fireEvent.change(screen.getByLabelText(/^Confirm Password/), { target: { value: 'password124' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add User' }));
    expect(await screen.findByText('First Name should be more than 3 characters.')).toBeInTheDocument();
    expect(screen.getByText('Last Name cannot be empty.')).toBeInTheDocument();
    expect(screen.getByText(/Invalid Email\./)).toBeInTheDocument();
    expect(screen.getByText('Confirm Password doesnot match')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('Add User posts a valid user', async () => {
    const onClose = jest.fn();
    renderSignedIn(<AddUserDialog open onClose={onClose} />, 1);
    fireEvent.change(await screen.findByLabelText(/^First Name/), { target: { value: 'Sita' } });
    fireEvent.change(screen.getByLabelText(/^Last Name/), { target: { value: 'Sharma' } });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'sita@example.com' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'password123' } });
    fireEvent.change(screen.getByLabelText(/^Confirm Password/), { target: { value: 'password123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add User' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled(), { timeout: 5000 });
    const post = api.calls.find((c) => c.path === 'users/createUser/me');
    expect(post?.body).toMatchObject({ firstname: 'Sita', lastname: 'Sharma', email: 'sita@example.com', password: 'password123' });
  });

  it('Edit User needs a 10-digit phone and the password section needs matching passwords', async () => {
    const user = { _id: 'u1', email: 'a@example.com', first_name: 'Asha', last_name: 'Rai', name: 'Asha Rai', phone: '', status: 1, role: 0 } as unknown as User;
    renderSignedIn(<EditUserDialog user={user} onClose={() => {}} />, 1);
    fireEvent.change(await screen.findByLabelText('Phone'), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update User' }));
    expect(await screen.findByText('Phone should be exactly 10 digits.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('New Password'), { target: { value: 'short' } });
    fireEvent.change(screen.getByLabelText('Confirm New Password'), { target: { value: 'different1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('New Password should be more than 8 characters.')).toBeInTheDocument();
    expect(screen.getByText('Confirm Password doesnot match')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });
});
