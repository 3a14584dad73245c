import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { saveToken } from '@/lib/storage';
import { jsonResponse } from '@/testing/fixtures';
import { ResponsesInbox, RESPONSES_TEXT } from './ResponsesInbox';

type Call = { method: string; path: string; body: Record<string, unknown> | null };

function answer(n: number, over: Record<string, unknown> = {}) {
  return {
    campaignId: 'c1',
    campaignName: 'Harbour stories',
    initiativeId: 'i1',
    initiativeName: 'Voices',
    contributorId: `k${n}`,
    contributorName: `Person ${n}`,
    questionId: `q${n}`,
    question: `Question ${n}?`,
    journeyId: `q${n}`,
    takenAt: '2026-01-10T00:00:00Z',
    durationSeconds: 30,
    posterUrl: `https://s3.example/poster-${n}.jpg`,
    mediaStatus: 'ready',
    review: 'new',
    match: null,
    ...over,
  };
}

function stubApi(search: (body: Record<string, unknown>) => unknown) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (req: Request) => {
      const path = new URL(req.url).pathname.replace(/^\/api/, '');
      const body = req.method === 'GET' ? null : await req.clone().json();
      calls.push({ method: req.method, path, body });
      if (path === '/search/initialData') {
        return jsonResponse({
          campaigns: { items: [{ id: 'c1', name: 'Harbour stories' }, { id: 'c2', name: 'Market days' }], nextCursor: null },
          contributors: { items: [], nextCursor: null },
          initiatives: [],
          tags: [],
        });
      }
      if (path.startsWith('/campaign/video-info/')) {
        return jsonResponse({ url: 'https://s3.example/take-1.mp4', posterUrl: null, status: 'ready' });
      }
      if (path === '/campaign/answer-review') return jsonResponse({ message: 'Answer approved' });
      if (path === '/contributor-journey/re-record') return jsonResponse({ message: 'Sent back for re-recording successfully', mailed: true });
      return jsonResponse(search(body ?? {}));
    }),
  );
  return calls;
}

const wrap = (at = '/responses') =>
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[at]}>
        <ResponsesInbox />
      </MemoryRouter>
    </QueryClientProvider>,
  );

const searches = (calls: Call[]) => calls.filter((c) => c.path === '/search/videos').map((c) => c.body);

describe('the responses inbox', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
    saveToken('tok', 't1');
  });

  it('lists answers with who, which question and their status, and pages on', async () => {
    const calls = stubApi((body) =>
      body.cursor
        ? { items: [answer(3, { mediaStatus: 'failed', posterUrl: null })], nextCursor: null }
        : { items: [answer(1), answer(2, { review: 'sentBack' })], nextCursor: 'next' },
    );
    wrap();
    const list = await screen.findByRole('list', { name: 'Answers' });
    const first = within(list).getByRole('listitem', { name: 'Person 1: Question 1?' });
    expect(within(first).getByTestId('response-status')).toHaveTextContent('New');
    expect(within(first).getByText('Harbour stories')).toBeInTheDocument();
    expect(first.querySelector('img')).toHaveAttribute('src', 'https://s3.example/poster-1.jpg');
    const second = within(list).getByRole('listitem', { name: 'Person 2: Question 2?' });
    expect(within(second).getByTestId('response-status')).toHaveTextContent('Sent back');
    expect(within(second).queryByRole('button', { name: 'Send back' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show more answers' }));
    const third = await within(list).findByRole('listitem', { name: 'Person 3: Question 3?' });
    expect(within(third).getByTestId('response-status')).toHaveTextContent('Failed');
    expect(within(third).getByRole('button', { name: 'Video failed: the answer by Person 3 cannot be played yet' })).toBeDisabled();
    expect(searches(calls)).toEqual([{ limit: 12 }, { limit: 12, cursor: 'next' }]);
    expect(screen.queryByRole('button', { name: 'Show more answers' })).not.toBeInTheDocument();
  });

  it('opens filtered from its address (the dashboard links to new answers) and filters by campaign', async () => {
    const calls = stubApi(() => ({ items: [], nextCursor: null }));
    wrap('/responses?status=new');
    expect(await screen.findByText(RESPONSES_TEXT.emptyFiltered)).toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toHaveValue('new');
    await screen.findByRole('option', { name: 'Market days' });
    fireEvent.change(screen.getByLabelText('Campaign'), { target: { value: 'c2' } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'failed' } });
    await waitFor(() => expect(searches(calls).at(-1)).toEqual({ campaignId: 'c2', status: 'failed', limit: 12 }));
    expect(searches(calls)[0]).toEqual({ review: 'new', limit: 12 });
  });

  it('plays an answer in place, approves it, and sends another back after a confirmation', async () => {
    const calls = stubApi(() => ({ items: [answer(1), answer(2)], nextCursor: null }));
    wrap();
    const list = await screen.findByRole('list', { name: 'Answers' });
    const first = within(list).getByRole('listitem', { name: 'Person 1: Question 1?' });
    fireEvent.click(within(first).getByRole('button', { name: 'Play the answer by Person 1' }));
    const video = await within(first).findByLabelText('Answer by Person 1: Question 1?');
    expect(video).toHaveAttribute('src', 'https://s3.example/take-1.mp4');
    expect(calls.some((c) => c.path === '/campaign/video-info/c1/k1/q1')).toBe(true);

    fireEvent.click(within(first).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/campaign/answer-review')?.body).toEqual({
        campaignId: 'c1',
        contributorId: 'k1',
        journeyId: 'q1',
        status: 'approved',
      }),
    );

    const second = within(list).getByRole('listitem', { name: 'Person 2: Question 2?' });
    fireEvent.click(within(second).getByRole('button', { name: 'Send back' }));
    const dialog = await screen.findByRole('dialog', { name: RESPONSES_TEXT.sendBackTitle });
    expect(dialog).toHaveTextContent('Person 2 gets an e-mail');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.path === '/contributor-journey/re-record')).toBe(false);
    fireEvent.click(within(second).getByRole('button', { name: 'Send back' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send back' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/contributor-journey/re-record')?.body).toEqual({
        campaignId: 'c1',
        contributorId: 'k2',
        campaignQuestionIds: ['q2'],
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
