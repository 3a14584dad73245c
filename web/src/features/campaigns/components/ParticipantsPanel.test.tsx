import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { saveToken } from '@/lib/storage';
import { jsonResponse } from '@/testing/fixtures';
import type { UserListItem } from '../types';
import { ParticipantsPanel } from './ParticipantsPanel';

const person = (id: string, name: UserListItem['role']['name'], fullName: string): UserListItem => ({
  id,
  email: `${id}@acme.org`,
  firstName: null,
  lastName: null,
  fullName,
  role: { id: 1, name },
  status: 'activated',
  createdAt: '2026-11-01T00:00:00Z',
});

beforeEach(() => {
  saveToken('t1.u1.secret', 't1');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (req: Request) =>
      new URL(req.url).pathname.endsWith('/campaign/CampaignParticipantList/c1')
        ? jsonResponse({
            participants: [person('ana', 'creator', 'Ana Ruiz'), person('sam', 'superAdmin', 'Sam Owner')],
            available: [person('kim', 'coordinator', '- -')],
          })
        : jsonResponse({ detail: 'unexpected' }, 500),
    ),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
  localStorage.clear();
});

it('lists participants with their role, never the super admin, and offers the others by name or address', async () => {
  render(
    <QueryClientProvider client={queryClient}>
      <ParticipantsPanel campaignId="c1" />
    </QueryClientProvider>,
  );
  const ana = await screen.findByText('Ana Ruiz');
  expect(within(ana.closest('li')!).getByText('ana@acme.org · Creator')).toBeInTheDocument();
  expect(screen.queryByText('Sam Owner')).not.toBeInTheDocument();
  expect(screen.getByRole('option', { name: 'kim@acme.org (Coordinator)' })).toBeInTheDocument();
});
