import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { saveToken } from '@/lib/storage';
import { jsonResponse } from '@/testing/fixtures';
import { SearchVideos } from './SearchVideos';

type Call = { method: string; path: string; body: Record<string, unknown> | null };

const initialData = {
  campaigns: { items: [{ id: 'c1', name: 'Harbour stories' }], nextCursor: null },
  contributors: { items: [{ id: 'k1', name: 'Amara Okafor' }], nextCursor: null },
  initiatives: [{ id: 'i1', name: 'Voices' }],
  tags: [{ id: 'g1', name: 'sea' }],
};

function result(n: number, withSnippet = false) {
  return {
    campaignId: 'c1',
    campaignName: 'Harbour stories',
    initiativeId: 'i1',
    initiativeName: 'Voices',
    contributorId: `k${n}`,
    contributorName: `Person ${n}`,
    questionId: 'q1',
    question: 'What does the harbour mean to you?',
    journeyId: 'q1',
    takenAt: '2026-01-10T00:00:00Z',
    durationSeconds: 75,
    posterUrl: `https://s3.example/poster-${n}.jpg`,
    mediaStatus: 'ready',
    match: withSnippet
      ? {
          inTranscript: true,
          inQuestion: false,
          inContributorName: false,
          snippet: { before: 'every morning the', word: 'lighthouse', after: 'keeper waved', start: 1.5 },
        }
      : null,
  };
}

function stubApi(search: (body: Record<string, unknown>) => unknown) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (req: Request) => {
      const path = new URL(req.url).pathname.replace(/^\/api/, '');
      const body = req.method === 'POST' ? await req.clone().json() : null;
      calls.push({ method: req.method, path, body });
      return jsonResponse(path === '/search/initialData' ? initialData : search(body ?? {}));
    }),
  );
  return calls;
}

const wrap = () =>
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <SearchVideos />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('search videos screen', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
    saveToken('tok', 't1');
  });

  it('searches the words typed and the filters chosen; a card links to the editor at the word', async () => {
    const calls = stubApi((body) =>
      body.text ? { items: [result(1, true)], nextCursor: null } : { items: [], nextCursor: null },
    );
    wrap();
    expect(await screen.findByText('No result found')).toBeInTheDocument();
    await screen.findByRole('option', { name: 'Harbour stories' });
    fireEvent.change(screen.getByLabelText('Words said, asked or named'), { target: { value: ' lighthouse ' } });
    fireEvent.change(screen.getByLabelText('Campaign'), { target: { value: 'c1' } });
    fireEvent.change(screen.getByLabelText('Recorded from'), { target: { value: '2026-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));

    const list = await screen.findByRole('list', { name: 'Search results' });
    const card = within(list).getByRole('link');
    expect(card).toHaveAttribute('href', '/campaign/c1/response-editor/k1?answer=q1&t=1.5');
    expect(within(card).getByRole('heading', { name: 'Person 1' })).toBeInTheDocument();
    expect(within(card).getByText('lighthouse').tagName).toBe('MARK');
    expect(within(card).getByTestId('snippet')).toHaveTextContent('every morning the lighthouse keeper waved');
    expect(within(card).getAllByText('1:15').length).toBeGreaterThan(0);
    expect(card.querySelector('img')).toHaveAttribute('src', 'https://s3.example/poster-1.jpg');
    const searches = calls.filter((c) => c.path === '/search/videos').map((c) => c.body);
    expect(searches.at(-1)).toEqual({ text: 'lighthouse', campaignId: 'c1', from: '2026-01-01' });
    // Searching the same again asks again (a take may have been transcribed meanwhile).
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await vi.waitFor(() => expect(calls.filter((c) => c.path === '/search/videos')).toHaveLength(searches.length + 1));
  });

  it('pages with "Show more results", passing the cursor', async () => {
    const calls = stubApi((body) =>
      body.cursor === 'next'
        ? { items: [result(11)], nextCursor: null }
        : { items: Array.from({ length: 10 }, (_, i) => result(i + 1)), nextCursor: 'next' },
    );
    wrap();
    const list = await screen.findByRole('list', { name: 'Search results' });
    expect(within(list).getAllByRole('link')).toHaveLength(10);
    fireEvent.click(screen.getByRole('button', { name: 'Show more results' }));
    await vi.waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(11));
    expect(screen.queryByRole('button', { name: 'Show more results' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/search/videos').at(-1)?.body).toEqual({ cursor: 'next' });
  });
});
