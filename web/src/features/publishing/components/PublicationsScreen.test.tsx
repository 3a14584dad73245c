import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { saveToken } from '@/lib/storage';
import { jsonResponse } from '@/testing/fixtures';
import { publication, stubApi } from '../testing/fake-api';
import { PublicationsScreen, PUBLICATIONS_TEXT } from './PublicationsScreen';

const wrap = (at = '/publications', canEdit = true) =>
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[at]}>
        <PublicationsScreen canEdit={canEdit} />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('the Published screen', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
    saveToken('tok', 't1');
  });

  it('lists live and taken-down items newest first with why each was taken down, and pages on', async () => {
    const calls = stubApi((call) => {
      if (call.path !== '/publications') return undefined;
      return call.query.cursor
        ? jsonResponse({
            items: [publication(3, { status: 'deleted', takenDownAt: '2026-11-27T09:00:00Z', takedownReason: 'The video was deleted' })],
            nextCursor: null,
          })
        : jsonResponse({
            items: [
              publication(1),
              publication(2, { status: 'withdrawn', takenDownAt: '2026-11-28T11:00:00Z', takedownReason: 'Amal K. withdrew their consent' }),
            ],
            nextCursor: 'next',
          });
    });
    wrap();
    const list = await screen.findByRole('list', { name: 'Publications' });
    const live = within(list).getByRole('listitem', { name: 'Story 1' });
    expect(within(live).getByTestId('published-badge')).toBeInTheDocument();
    expect(within(live).queryByTestId('takedown-reason')).not.toBeInTheDocument();
    expect(live).toHaveTextContent('Speaker: Amal K.');
    const withdrawn = within(list).getByRole('listitem', { name: 'Story 2' });
    expect(within(withdrawn).getByTestId('taken-down-badge')).toBeInTheDocument();
    expect(within(withdrawn).getByTestId('takedown-reason')).toHaveTextContent('Amal K. withdrew their consent');
    // A taken-down item has nothing to share.
    expect(within(withdrawn).queryByRole('button', { name: /Share and embed/ })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Show more publications' }));
    const deleted = await within(list).findByRole('listitem', { name: 'Story 3' });
    expect(within(deleted).getByTestId('takedown-reason')).toHaveTextContent('The video was deleted');
    expect(calls.map((c) => c.query)).toEqual([{ limit: '20' }, { limit: '20', cursor: 'next' }]);
  });

  it('filters by live or taken down from its address and its select', async () => {
    const calls = stubApi((call) => (call.path === '/publications' ? jsonResponse({ items: [], nextCursor: null }) : undefined));
    wrap('/publications?status=takenDown');
    expect(await screen.findByText(PUBLICATIONS_TEXT.emptyFiltered)).toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toHaveValue('takenDown');
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'live' } });
    await waitFor(() => expect(calls.at(-1)?.query).toEqual({ status: 'live', limit: '20' }));
    expect(calls[0]?.query).toEqual({ status: 'takenDown', limit: '20' });
  });

  it('says what to do when nothing is published', async () => {
    stubApi((call) => (call.path === '/publications' ? jsonResponse({ items: [], nextCursor: null }) : undefined));
    wrap();
    expect(await screen.findByText(PUBLICATIONS_TEXT.empty)).toBeInTheDocument();
  });
});
