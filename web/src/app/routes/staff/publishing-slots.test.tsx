import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffRole } from '@/config/access';
import { queryClient } from '@/lib/query-client';
import { saveToken } from '@/lib/storage';
import { useSessionStore } from '@/stores/session-store';
import { jsonResponse, makeUser } from '@/testing/fixtures';
import { Component as Responses } from './responses';

const approved = {
  campaignId: 'c1',
  campaignName: 'Harbour stories',
  initiativeId: 'i1',
  initiativeName: 'Voices',
  contributorId: 'k1',
  contributorName: 'Amal Kaur',
  questionId: 'q1',
  question: 'Who are you?',
  journeyId: 'j1',
  takenAt: '2026-01-10T00:00:00Z',
  durationSeconds: 30,
  posterUrl: null,
  mediaStatus: 'ready',
  review: 'approved',
  match: null,
};

function serve() {
  const paths: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (req: Request) => {
      const url = new URL(req.url);
      const path = url.pathname.replace(/^\/api/, '');
      paths.push(`${req.method} ${path}${url.search}`);
      if (path === '/search/initialData') return jsonResponse({ campaigns: { items: [], nextCursor: null }, contributors: { items: [], nextCursor: null }, initiatives: [], tags: [] });
      if (path === '/search/videos') return jsonResponse({ items: [approved, { ...approved, contributorId: 'k2', contributorName: 'Sam Lee', journeyId: 'j2', review: 'new' }], nextCursor: null });
      if (path === '/publications') return jsonResponse({ items: [], nextCursor: null });
      return jsonResponse({ detail: 'Not found' }, 404);
    }),
  );
  return paths;
}

function renderAs(role: StaffRole) {
  useSessionStore.setState({ user: makeUser(role), status: 'ready' });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/responses']}>
        <Responses />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('publishing in the responses inbox (the route fills the inbox slot)', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
    saveToken('tok', 't1');
  });

  it.each(['superAdmin', 'admin', 'creator'] as const)('offers %s Publish on an approved answer only', async (role) => {
    const paths = serve();
    renderAs(role);
    const list = await screen.findByRole('list', { name: 'Answers' });
    const approvedCard = within(list).getByRole('listitem', { name: 'Amal Kaur: Who are you?' });
    expect(await within(approvedCard).findByRole('button', { name: 'Publish the answer by Amal Kaur' })).toBeInTheDocument();
    const newCard = within(list).getByRole('listitem', { name: 'Sam Lee: Who are you?' });
    expect(within(newCard).queryByRole('button', { name: /^Publish/ })).not.toBeInTheDocument();
    expect(paths).toContain('GET /publications?campaignId=c1&status=live&limit=50');
  });

  it('offers a coordinator no Publish', async () => {
    const paths = serve();
    renderAs('coordinator');
    await screen.findByRole('list', { name: 'Answers' });
    await waitFor(() => expect(paths.some((p) => p.startsWith('GET /publications'))).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: /^Publish/ })).not.toBeInTheDocument();
  });
});
