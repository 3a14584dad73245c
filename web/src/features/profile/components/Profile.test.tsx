import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { sessionHooks } from '@/lib/session';
import { saveToken } from '@/lib/storage';
import { useSessionStore } from '@/stores/session-store';
import { useToastStore } from '@/stores/toast-store';
import { jsonResponse, makeUser } from '@/testing/fixtures';
import { ChangePassword } from './ChangePassword';
import { DeleteAccount } from './DeleteAccount';
import { ProfileForm } from './ProfileForm';

const countries = [
  { code: 'GB', name: 'United Kingdom' },
  { code: 'FR', name: 'France' },
];

let departments: { id: string; name: string }[] = [];

function stub(handler: (req: Request, body: unknown) => Response) {
  const bodies: { path: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (req: Request) => {
      const text = await req.clone().text();
      const body = text ? JSON.parse(text) : undefined;
      const path = new URL(req.url).pathname.replace(/^\/api/, '');
      bodies.push({ path, method: req.method, body });
      if (path === '/user/getCountryList') return jsonResponse(countries);
      if (path.startsWith('/departments/')) return jsonResponse(departments);
      return handler(req, body);
    }),
  );
  return bodies;
}

const wrap = (ui: React.ReactNode) => render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>);

describe('profile', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
    saveToken('tok', 't1');
    departments = [];
  });

  it('updates the profile and says so', async () => {
    const user = makeUser('admin');
    useSessionStore.setState({ user, status: 'ready' });
    const calls = stub((_, body) => jsonResponse({ ...user, ...(body as object) }));
    wrap(<ProfileForm user={user} />);
    await screen.findByRole('option', { name: 'France' });
    expect(screen.getByLabelText('Company name')).toBeDisabled();

    const u = userEvent.setup();
    const first = screen.getByLabelText('First name');
    await u.clear(first);
    await u.type(first, 'Augusta');
    await u.selectOptions(screen.getByLabelText('Country'), 'France');
    await u.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(useSessionStore.getState().user?.firstName).toBe('Augusta'));
    expect(calls.find((c) => c.path === '/user/me/update')).toMatchObject({
      method: 'PUT',
      body: { firstName: 'Augusta', lastName: 'Lovelace', roleInCompany: 'Producer', country: 'FR', companyName: 'Acme Films' },
    });
    expect(useToastStore.getState().toasts).toMatchObject([{ kind: 'success', message: 'Profile updated successfully' }]);
  });

  it('shows the name rule before sending anything', async () => {
    const user = makeUser('superAdmin');
    const calls = stub(() => jsonResponse({}));
    wrap(<ProfileForm user={user} />);
    expect(screen.getByLabelText('Company name')).toBeEnabled();
    const u = userEvent.setup();
    await u.clear(screen.getByLabelText('Last name'));
    await u.type(screen.getByLabelText('Last name'), 'L0v3');
    await u.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Last name must not contain special characters or emojis')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/user/me/update')).toBe(false);
  });

  it('closes the organisation only after the super admin types their email and password, with a 5 s confirm lock', async () => {
    const user = makeUser('superAdmin');
    const calls = stub(() => jsonResponse({ message: 'Your organisation has been closed' }));
    wrap(<DeleteAccount user={user} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    const confirm = await screen.findByRole('button', { name: 'Delete account and close organisation' });
    expect(screen.getByText(/closes the whole organisation/)).toBeInTheDocument();
    expect(confirm).toBeDisabled();

    const typed = screen.getByLabelText(/Type your email address/);
    fireEvent.blur(typed);
    expect(screen.queryByText('Type your own email address to confirm')).not.toBeInTheDocument();
    fireEvent.change(typed, { target: { value: 'someone@acme-films.com' } });
    fireEvent.blur(typed);
    expect(await screen.findByText('Type your own email address to confirm')).toBeInTheDocument();
    expect(confirm).toBeDisabled();

    fireEvent.change(typed, { target: { value: 'ADA@acme-films.com' } });
    // The address alone is not enough: the password too.
    expect(confirm).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Your password'), { target: { value: 'Story-Hive-42' } });
    expect(confirm).toBeEnabled();
    await waitFor(() => expect(screen.queryByText('Type your own email address to confirm')).not.toBeInTheDocument());
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(confirm);
    expect(confirm).toBeDisabled();
    await waitFor(() => expect(sessionHooks.reload).toHaveBeenCalled());
    expect(calls.find((c) => c.path === '/user/me')).toMatchObject({
      method: 'DELETE',
      body: { email: 'ada@acme-films.com', password: 'Story-Hive-42' },
    });
    expect(sessionStorage.getItem('flash')).toContain('Your organisation has been closed');
    await act(async () => void vi.advanceTimersByTime(5000));
  });
  it('shows a wrong password under its field, closes nothing and keeps the session', async () => {
    const user = makeUser('superAdmin');
    const calls = stub(() =>
      jsonResponse(
        { detail: 'The password is not correct. Nothing was deleted.', errors: [{ field: 'password', message: 'The password is not correct. Nothing was deleted.' }] },
        400,
      ),
    );
    wrap(<DeleteAccount user={user} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    const confirm = await screen.findByRole('button', { name: 'Delete account and close organisation' });
    fireEvent.change(screen.getByLabelText(/Type your email address/), { target: { value: 'ada@acme-films.com' } });
    fireEvent.change(screen.getByLabelText('Your password'), { target: { value: 'wrong' } });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(confirm);
    expect(await screen.findAllByText('The password is not correct. Nothing was deleted.')).not.toHaveLength(0);
    expect(calls.filter((c) => c.path === '/user/me')).toHaveLength(1);
    expect(sessionHooks.reload).not.toHaveBeenCalled();
    await act(async () => void vi.advanceTimersByTime(5000));
  });
});

describe('department in the profile', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
    saveToken('tok', 't1');
    departments = [];
  });

  it('tells the super admin where to make the list, and others whom to ask', async () => {
    stub(() => jsonResponse({}));
    const { unmount } = wrap(<ProfileForm user={makeUser('superAdmin')} />);
    expect(await screen.findByText('You can generate this list in the company settings')).toBeInTheDocument();
    unmount();
    queryClient.clear();
    wrap(<ProfileForm user={makeUser('creator')} />);
    expect(await screen.findByText('Please contact the super admin')).toBeInTheDocument();
    expect(screen.getByLabelText('Department')).toBeDisabled();
  });

  it('saves the chosen department, and asks again for one that was deleted', async () => {
    departments = [
      { id: 'd1', name: 'Sales' },
      { id: 'd2', name: 'Marketing' },
    ];
    const user = makeUser('admin', { department: 'gone' });
    useSessionStore.setState({ user, status: 'ready' });
    const calls = stub((_, body) => jsonResponse({ ...user, ...(body as object) }));
    wrap(<ProfileForm user={user} />);
    await screen.findByRole('option', { name: 'Marketing' });
    expect(screen.getByText('Please select the valid department')).toBeInTheDocument();
    const u = userEvent.setup();
    await u.selectOptions(screen.getByLabelText('Department'), 'Marketing');
    await u.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/user/me/update')?.body).toMatchObject({ department: 'd2' }));
  });

  it('changes the password with the current one, checking the new one first', async () => {
    const calls = stub((req) =>
      req.method === 'PUT'
        ? jsonResponse({ message: 'Password changed successfully. Other devices have been signed out.' })
        : jsonResponse({}),
    );
    wrap(<ChangePassword />);
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Please enter your current password')).toBeInTheDocument();
    await u.type(screen.getByLabelText('Current password'), 'Old-Password-1');
    await u.type(screen.getByLabelText('New password'), 'weak');
    await u.type(screen.getByLabelText('Confirm new password'), 'weak');
    await u.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(/Password must be at least 8 characters/)).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/user/me/password')).toHaveLength(0);

    await u.clear(screen.getByLabelText('New password'));
    await u.type(screen.getByLabelText('New password'), 'New-Password-2');
    await u.clear(screen.getByLabelText('Confirm new password'));
    await u.type(screen.getByLabelText('Confirm new password'), 'New-Password-2');
    await u.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/user/me/password')?.body).toEqual({
        currentPassword: 'Old-Password-1',
        newPassword: 'New-Password-2',
        confirmPassword: 'New-Password-2',
      }),
    );
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((t) => t.message)).toContain(
        'Password changed successfully. Other devices have been signed out.',
      ),
    );
    await waitFor(() => expect(screen.getByLabelText('Current password')).toHaveValue(''));
  });

  it('shows a wrong current password under its field, keeping the session', async () => {
    stub(() =>
      jsonResponse(
        { detail: 'Please enter correct password', errors: [{ field: 'currentPassword', message: 'Please enter correct password' }] },
        400,
      ),
    );
    wrap(<ChangePassword />);
    const u = userEvent.setup();
    await u.type(screen.getByLabelText('Current password'), 'Wrong-Password-1');
    await u.type(screen.getByLabelText('New password'), 'New-Password-2');
    await u.type(screen.getByLabelText('Confirm new password'), 'New-Password-2');
    await u.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findAllByText('Please enter correct password')).length).toBeGreaterThan(0);
    expect(localStorage.getItem('token')).not.toBeNull();
  });
});
