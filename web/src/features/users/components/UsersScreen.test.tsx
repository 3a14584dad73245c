import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { saveToken } from '@/lib/storage';
import { useToastStore } from '@/stores/toast-store';
import { jsonResponse } from '@/testing/fixtures';
import type { StaffUser } from '../api/users-api';
import { UsersScreen } from './UsersScreen';

const user = (id: string, role: string, status: StaffUser['status'], email = `${id}@acme.org`): StaffUser => ({
  id,
  email,
  firstName: null,
  lastName: null,
  fullName: '- -',
  role: { id: 1, name: role as StaffUser['role']['name'] },
  status,
  createdAt: '2026-11-01T00:00:00Z',
});

type Call = { method: string; url: URL; body: unknown };

function stubApi(pages: Record<string, { items: StaffUser[]; nextCursor: string | null }>, calls: Call[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (req: Request) => {
      const url = new URL(req.url);
      const body = req.method === 'GET' ? undefined : await req.clone().json().catch(() => undefined);
      calls.push({ method: req.method, url, body });
      if (url.pathname.endsWith('/user/getAllUsers')) {
        const key = `${url.searchParams.get('rolewise') ?? ''}|${url.searchParams.get('cursor') ?? ''}`;
        return jsonResponse(pages[key] ?? { items: [], nextCursor: null });
      }
      if (url.pathname.endsWith('/user/invite')) {
        return jsonResponse({ message: 'User invited successfully', user: user('new', 'creator', 'invited') }, 201);
      }
      if (url.pathname.includes('/user/delete/')) return jsonResponse({ message: 'User deleted successfully' });
      return jsonResponse({ message: 'User suspended successfully', user: user('x', 'admin', 'suspended') });
    }),
  );
}

function renderScreen(actor: 'superAdmin' | 'admin', actorId = 'me') {
  render(
    <QueryClientProvider client={queryClient}>
      <UsersScreen actor={actor} actorId={actorId} />
    </QueryClientProvider>,
  );
}

describe('UsersScreen', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    queryClient.clear();
    useToastStore.getState().clear();
    saveToken('tok', 't1');
  });

  it('pages by ten with the cursor and filters by role', async () => {
    const calls: Call[] = [];
    const first = Array.from({ length: 10 }, (_, i) => user(`u${i}`, 'creator', 'activated'));
    stubApi(
      {
        '|': { items: first, nextCursor: 'c2' },
        '|c2': { items: [user('u10', 'admin', 'activated')], nextCursor: null },
        'coordinator|': { items: [user('k1', 'coordinator', 'invited')], nextCursor: null },
      },
      calls,
    );
    renderScreen('superAdmin');
    expect(await screen.findAllByTestId('user-row')).toHaveLength(10);
    expect(calls[0]!.url.searchParams.get('limit')).toBe('10');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getAllByTestId('user-row')).toHaveLength(1));
    expect(screen.getByText('u10@acme.org')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(screen.getAllByTestId('user-row')).toHaveLength(10));

    fireEvent.click(screen.getByRole('button', { name: 'Coordinator' }));
    await waitFor(() => expect(screen.getAllByTestId('user-row')).toHaveLength(1));
    expect(screen.getByText('Invited')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend invitation to k1@acme.org' })).toBeInTheDocument();
    for (const label of ['All', 'Super Admin', 'Admin', 'Creator', 'Coordinator', 'Contributor']) {
      expect(screen.getByRole('button', { name: label })).toBeInTheDocument();
    }
  });

  it('offers no action on oneself, and none on a super admin to an admin', async () => {
    stubApi(
      { '|': { items: [user('me', 'admin', 'activated'), user('owner', 'superAdmin', 'activated'), user('c', 'creator', 'suspended')], nextCursor: null } },
      [],
    );
    renderScreen('admin');
    const rows = await screen.findAllByTestId('user-row');
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
    expect(within(rows[1]!).queryByRole('button')).toBeNull();
    expect(within(rows[2]!).getByRole('button', { name: 'Resume c@acme.org' })).toBeInTheDocument();
    // The invite dialog offers an admin no Super Admin role.
    fireEvent.click(screen.getByRole('button', { name: 'Invite user' }));
    const select = screen.getByLabelText('Role', { selector: 'select' });
    expect(within(select).queryByRole('option', { name: 'Super Admin' })).toBeNull();
    expect(within(select).getByRole('option', { name: 'Coordinator' })).toBeInTheDocument();
  });

  it('checks the invitation form, sends it, and toasts the success', async () => {
    const calls: Call[] = [];
    stubApi({}, calls);
    renderScreen('superAdmin');
    fireEvent.click(await screen.findByRole('button', { name: 'Invite user' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation', hidden: true }));
    expect(await screen.findByText('Please enter your work email address')).toBeInTheDocument();
    expect(screen.getByText('Please select the role type')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Work email'), { target: { value: 'new@acme.org' } });
    fireEvent.change(screen.getByLabelText('Role', { selector: 'select' }), { target: { value: 'superAdmin' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation', hidden: true }));
    await waitFor(() => expect(useToastStore.getState().toasts.map((t) => t.message)).toContain('User invited successfully'));
    const invite = calls.find((c) => c.url.pathname.endsWith('/user/invite'));
    expect(invite?.body).toEqual({ email: 'new@acme.org', role: 'superAdmin', firstName: null, lastName: null });
  });

  it('deletes behind a confirmation locked for 5 seconds', async () => {
    const calls: Call[] = [];
    stubApi({ '|': { items: [user('c', 'creator', 'activated')], nextCursor: null } }, calls);
    renderScreen('superAdmin');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete c@acme.org' }));
    vi.useFakeTimers();
    const confirm = screen.getByRole('button', { name: 'Delete user', hidden: true });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await act(async () => {
      await Promise.resolve();
    });
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
    expect(confirm).toHaveAttribute('data-locked', 'true');
    act(() => void vi.advanceTimersByTime(5000));
    vi.useRealTimers();
  });
});
