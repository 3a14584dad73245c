import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { saveToken } from '@/lib/storage';
import { useSessionStore } from '@/stores/session-store';
import { useToastStore } from '@/stores/toast-store';
import { jsonResponse, makeUser } from '@/testing/fixtures';
import { formatLength, renderLabel, type StoryRender, type StorySummary } from '../api/stories-list';
import { StoriesList } from './StoriesList';

type Call = { path: string; method: string; query: URLSearchParams; body: unknown };

function stub(handler: (call: Call) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string, init?: RequestInit) => {
      const req = typeof input === 'string' ? new Request(input, init) : input;
      const text = await req.clone().text();
      const url = new URL(req.url);
      const call = { path: url.pathname.replace(/^\/api/, ''), method: req.method, query: url.searchParams, body: text ? (JSON.parse(text) as unknown) : undefined };
      calls.push(call);
      return handler(call);
    }),
  );
  return calls;
}

const render_ = (overrides: Partial<StoryRender> = {}): StoryRender => ({
  format: 'landscape',
  framing: 'crop',
  burnCaptions: true,
  status: 'ready',
  storyVersion: 2,
  current: true,
  createdAt: '2026-11-20T10:00:00Z',
  updatedAt: '2026-11-20T10:05:00Z',
  ...overrides,
});

const story = (overrides: Partial<StorySummary> = {}): StorySummary => ({
  storyId: 'S1',
  campaignId: 'C1',
  title: 'Why volunteers stay',
  clips: [
    { contributorId: 'K1', questionId: 'Q1', firstWord: 0, lastWord: 5, takeKey: 't1', start: 0, end: 2.5, text: 'I came for a summer.', speaker: 'Amal K.' },
    { contributorId: 'K2', questionId: 'Q1', firstWord: 3, lastWord: 9, takeKey: 't2', start: 1, end: 4, text: 'The people keep me hopeful.', speaker: 'Sam R.' },
  ],
  lowerThirds: true,
  speakers: [
    { contributorId: 'K1', name: 'Amal K.' },
    { contributorId: 'K2', name: 'Sam R.' },
  ],
  durationSeconds: 65.4,
  version: 2,
  renders: [render_(), render_({ format: 'portrait', status: 'processing', progress: { stage: 'rendering', percent: 40 } })],
  createdAt: '2026-11-20T09:00:00Z',
  updatedAt: '2026-11-21T14:30:00Z',
  createdBy: 'U1',
  ...overrides,
});

const drafted = story({
  storyId: 'S2',
  title: 'Hopeful voices',
  renders: [],
  speakers: [{ contributorId: 'K1', name: 'Amal K.' }],
  durationSeconds: 12,
  draft: {
    brief: 'hopeful',
    targetSeconds: 12,
    seconds: 12,
    short: false,
    dropped: [{ contributorId: 'K1', questionId: 'Q1', firstWord: 4, lastWord: 7, quote: 'we never stay', reason: 'The quote does not match words 4 to 7 of that answer' }],
  },
});

function show(path = '/campaign/C1/stories') {
  const router = createMemoryRouter(
    [
      { path: '/campaign/:campaignId/stories', element: <StoriesList campaignId="C1" /> },
      { path: '/campaign/:campaignId/stories/:storyId', element: <p>Story editor</p> },
      { path: '/initiative/campaign/:id', element: <p>Campaign</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const api = (stories: StorySummary[], published: string[] = []) => (call: Call) => {
  if (call.path === '/generated-videos/stories/C1') return jsonResponse({ items: stories, nextCursor: null });
  if (call.path === '/publications')
    return jsonResponse({ items: published.map((storyId) => ({ kind: 'story', storyId, status: 'live', publicationId: `P-${storyId}` })), nextCursor: null });
  if (call.path === '/campaign/C1') return jsonResponse({ id: 'C1', title: 'Volunteer Spotlight' });
  return jsonResponse({ detail: 'not stubbed', requestId: 'r' }, 404);
};

describe('the stories list', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
    useToastStore.setState({ toasts: [] });
    saveToken('tok', 't1');
    useSessionStore.setState({ user: makeUser('creator'), status: 'ready' });
  });

  it('shows lengths and render states in words', () => {
    expect(formatLength(65.4)).toBe('1:05');
    expect(formatLength(7)).toBe('0:07');
    expect(renderLabel(render_({ current: false }))).toBe('Landscape 16:9: ready, story changed since');
    expect(renderLabel(render_({ format: 'square', status: 'failed' }))).toBe('Square 1:1: failed');
    expect(renderLabel(render_({ format: 'portrait', status: 'processing', progress: { stage: 'saving', percent: 90 } }))).toBe('Portrait 9:16: rendering 90%');
  });

  it('lists each story with its speakers, length, renders, publication and last change', async () => {
    const calls = stub(api([story(), drafted], ['S1']));
    show();
    const rows = await screen.findAllByTestId('story-row');
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!);
    expect(first.getByRole('link', { name: 'Why volunteers stay' })).toHaveAttribute('href', '/campaign/C1/stories/S1');
    expect(first.getByTestId('story-speakers')).toHaveTextContent('2 speakers');
    expect(first.getByTestId('story-length')).toHaveTextContent('1:05 · 2 clips');
    const renders = first.getAllByTestId('story-render');
    expect(renders.map((r) => r.textContent)).toEqual(['Landscape 16:9: ready', 'Portrait 9:16: rendering 40%']);
    expect(await first.findByTestId('story-published')).toHaveTextContent('Published');
    expect(first.getByText(/^Updated /)).toHaveTextContent('21 Nov 2026');

    const second = within(rows[1]!);
    expect(second.getByTestId('story-speakers')).toHaveTextContent('1 speaker');
    expect(second.getByText('Not rendered yet')).toBeInTheDocument();
    expect(second.getByTestId('story-published')).toHaveTextContent('Not published');
    expect(second.getByText('AI draft')).toBeInTheDocument();
    // What the AI draft cited that did not match, and why.
    const dropped = second.getByTestId('story-dropped');
    expect(dropped).toHaveTextContent('cited 1 clip that did not match the transcripts');
    expect(dropped).toHaveTextContent('we never stay');
    expect(dropped).toHaveTextContent('claimed from Amal K., words 4–7');
    expect(dropped).toHaveTextContent('The quote does not match words 4 to 7 of that answer');
    expect(await screen.findByText(/from Volunteer Spotlight/)).toBeInTheDocument();
    // Published stories are read from the campaign's live publications.
    const read = calls.find((c) => c.path === '/publications')!;
    expect(read.query.get('campaignId')).toBe('C1');
    expect(read.query.get('status')).toBe('live');
  });

  it('says when there is no story yet, and "New story" opens the editor on a new story', async () => {
    stub(api([]));
    const router = show();
    expect(await screen.findByText(/No story yet/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'New story' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/campaign/C1/stories/new'));
  });

  it('deletes a story after a confirmation that says its published page is taken down first', async () => {
    let stories = [story(), drafted];
    const calls = stub((call) => {
      if (call.method === 'DELETE') {
        stories = stories.filter((s) => !call.path.endsWith(`/${s.storyId}`));
        return jsonResponse({ message: 'Story deleted successfully' });
      }
      return api(stories, ['S1'])(call);
    });
    show();
    const rows = await screen.findAllByTestId('story-row');
    await within(rows[0]!).findByText('Published');
    await userEvent.click(within(rows[0]!).getByRole('button', { name: 'Delete Why volunteers stay' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete story?' });
    expect(dialog).toHaveTextContent('It is published: its public page is taken down first');
    // Cancel changes nothing.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await userEvent.click(within(rows[0]!).getByRole('button', { name: 'Delete Why volunteers stay' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Delete story?' })).getByRole('button', { name: 'Delete story' }));
    await waitFor(() => expect(screen.getAllByTestId('story-row')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'DELETE')!.path).toBe('/generated-videos/stories/delete/C1/S1');
    expect(useToastStore.getState().toasts.map((t) => t.message)).toContain('Story deleted successfully');
    expect(screen.queryByText('Why volunteers stay')).not.toBeInTheDocument();
  });

  it('says when the stories cannot be loaded', async () => {
    stub(() => jsonResponse({ detail: 'Campaign not found', requestId: 'r' }, 404));
    show();
    expect(await screen.findByRole('alert')).toHaveTextContent('The stories could not be loaded. Campaign not found');
  });
});
