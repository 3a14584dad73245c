import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { queryClient } from '@/lib/query-client';
import { jsonResponse } from '@/testing/fixtures';
import type { LibraryAnswer } from '../api/library';
import type { Story } from '../api/story';
import { StoryEditorPage } from './StoryEditor';

const words = (...texts: string[]) => texts.map((text, i) => ({ text, start: i * 0.5, end: i * 0.5 + 0.4 }));

const amal: LibraryAnswer = {
  contributorId: 'k1',
  questionId: 'q1',
  takeKey: 'take-k1',
  speaker: 'Amal K.',
  question: 'Why do you stay?',
  approved: true,
  durationSeconds: 3,
  url: 'https://bucket.example/k1.mp4',
  words: words('We', 'stay', 'for', 'the', 'people.'),
};
const ben: LibraryAnswer = { ...amal, contributorId: 'k2', takeKey: 'take-k2', speaker: 'Ben T.', approved: false, url: 'https://bucket.example/k2.mp4', words: words('Friends', 'keep', 'me', 'here.') };

const story = (over: Partial<Story> = {}): Story => ({
  storyId: 's1',
  campaignId: 'c1',
  title: 'Why volunteers stay',
  clips: [{ contributorId: 'k1', questionId: 'q1', firstWord: 0, lastWord: 1, takeKey: 'take-k1', start: 0, end: 0.9, text: 'We stay', speaker: 'Amal K.', warning: null }],
  titleCard: null,
  endCard: null,
  lowerThirds: true,
  speakers: [{ contributorId: 'k1', name: 'Amal K.' }],
  version: 1,
  draft: null,
  renders: [],
  durationSeconds: 0.9,
  createdAt: '2026-11-29T10:00:00Z',
  updatedAt: '2026-11-29T10:00:00Z',
  createdBy: 'u1',
  ...over,
});

type Handler = (req: Request, path: string, query: URLSearchParams) => Response | Promise<Response> | undefined;

/** The API the editor calls; `handler` answers first, then the campaign's fixed data. */
function api(handler: Handler) {
  const calls: { method: string; path: string; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (req: Request) => {
      const url = new URL(req.url);
      const path = url.pathname.replace(/^\/api/, '');
      const body = req.method === 'GET' ? undefined : await req.clone().json().catch(() => undefined);
      calls.push({ method: req.method, path, body });
      const answered = await handler(req, path, url.searchParams);
      if (answered) return answered;
      if (path === '/generated-videos/library/c1') {
        const k = url.searchParams.get('contributorId');
        const items = [amal, ben].filter((a) => !k || a.contributorId === k);
        return jsonResponse({ items, nextCursor: null });
      }
      if (path === '/question/list/c1') return jsonResponse([{ campaignId: 'c1', campaignQuestionId: 'q1', questionId: 'q1', question: 'Why do you stay?', sequence: 1 }]);
      if (path === '/contributor/campaignContributorList/c1') return jsonResponse({ items: [{ contributorId: 'k2', fullName: 'Ben Taylor', email: 'b@x.org' }], nextCursor: null });
      if (path === '/campaign/c1') return jsonResponse({ title: 'Volunteers' });
      if (path === '/organisation/theme') return jsonResponse({ accent: '#2563eb', background: '#1f2937', text: '#ffffff', captionBox: true, captionSize: 'medium', font: 'lato', logoPosition: 'none' });
      return jsonResponse({ detail: `unexpected ${req.method} ${path}` }, 404);
    }),
  );
  return calls;
}

function open(entry: string | { pathname: string; search?: string; state?: unknown }) {
  const router = createMemoryRouter([{ path: paths.storyEditor, element: <StoryEditorPage /> }], { initialEntries: [entry] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('the story editor', () => {
  beforeEach(() => {
    queryClient.clear();
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
  });

  it('makes a new story of clips chosen by words, reordered and trimmed, and saves it', async () => {
    const calls = api((req, path) => {
      if (req.method === 'POST' && path === '/generated-videos/stories/save') {
        return jsonResponse(story({ storyId: 's9', title: 'Friends', version: 1 }), 201);
      }
      if (path === '/generated-videos/stories/c1/s9') return jsonResponse(story({ storyId: 's9' }));
      return undefined;
    });
    const user = userEvent.setup();
    const router = open('/campaign/c1/stories/new');
    expect(await screen.findByRole('heading', { name: 'New story' })).toBeInTheDocument();

    const answers = await screen.findByRole('list', { name: 'Transcribed answers' });
    const amalCard = within(answers).getByRole('article', { name: 'Amal K.: Why do you stay?' });
    await user.click(within(amalCard).getByRole('button', { name: 'stay' }));
    await user.click(within(amalCard).getByRole('button', { name: 'people.' }));
    expect(within(amalCard).getByText('Chosen: “stay for the people.” (0:01.9)')).toBeInTheDocument();
    await user.click(within(amalCard).getByRole('button', { name: 'Add clip' }));
    const benCard = within(answers).getByRole('article', { name: 'Ben T.: Why do you stay?' });
    await user.click(within(benCard).getByRole('button', { name: 'Friends' }));
    await user.click(within(benCard).getByRole('button', { name: 'Friends' }));
    await user.click(within(benCard).getByRole('button', { name: 'Add clip' }));

    const clips = screen.getByRole('list', { name: 'Clips of the story' });
    expect(within(clips).getAllByRole('heading').map((h) => h.textContent)).toEqual(['Clip 1: Amal K.', 'Clip 2: Ben T.']);
    // An unapproved answer may be cut in, with a warning.
    expect(within(clips).getAllByTestId('clip-warning').map((w) => w.textContent)).toEqual(['⚠ This answer is not approved yet']);
    await user.click(screen.getByRole('button', { name: 'Move clip 2 up' }));
    expect(within(clips).getAllByRole('heading').map((h) => h.textContent)).toEqual(['Clip 1: Ben T.', 'Clip 2: Amal K.']);
    await user.click(screen.getByRole('button', { name: 'Clip 2: start one word later' }));
    expect(screen.getByTestId('story-total')).toHaveTextContent('Length 0:01.8 · 2 clips · 2 speakers');
    expect(screen.getByRole('button', { name: 'Render 16:9' })).toBeDisabled();
    expect(screen.getByText('Save the story to render it.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Title'), 'Friends');
    await user.click(screen.getByRole('button', { name: 'Save story' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/campaign/c1/stories/s9'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      campaignId: 'c1',
      title: 'Friends',
      clips: [
        { contributorId: 'k2', questionId: 'q1', firstWord: 0, lastWord: 0 },
        { contributorId: 'k1', questionId: 'q1', firstWord: 2, lastWord: 4 },
      ],
      titleCard: null,
      endCard: null,
      lowerThirds: true,
    });
  }, 30_000);

  it('shows what the AI draft’s check dropped, with what the model claimed and why, until dismissed', async () => {
    api((_req, path) => (path === '/generated-videos/stories/c1/s1' ? jsonResponse(story()) : undefined));
    const user = userEvent.setup();
    open({
      pathname: '/campaign/c1/stories/s1',
      search: '?draft=1',
      state: {
        dropped: [
          { contributorId: 'k2', questionId: 'q1', firstWord: 0, lastWord: 2, quote: 'We never leave', reason: 'The quoted words are not what was said there ("Friends keep me")' },
        ],
      },
    });
    const dropped = await screen.findByRole('region', { name: 'Dropped by the check' });
    expect(within(dropped).getByText('“We never leave”', { exact: false })).toBeInTheDocument();
    expect(within(dropped).getByText('Cited Ben Taylor, answering “Why do you stay?”, words 0–2')).toBeInTheDocument();
    expect(within(dropped).getByText(/Why it was dropped: The quoted words are not what was said there/)).toBeInTheDocument();
    await user.click(within(dropped).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('region', { name: 'Dropped by the check' })).not.toBeInTheDocument();
  });

  it('reads the dropped citations from the story when the list page passed none', async () => {
    const report = { brief: 'Why they stay', targetSeconds: 60, seconds: 0.9, short: true, selectionNote: null, dropped: [{ contributorId: null, questionId: null, firstWord: 3, lastWord: 9, quote: 'Invented words', reason: 'This answer is not one of the campaign’s answers' }] };
    api((_req, path) => (path === '/generated-videos/stories/c1/s1' ? jsonResponse(story({ draft: report })) : undefined));
    open('/campaign/c1/stories/s1?draft=1');
    const dropped = await screen.findByRole('region', { name: 'Dropped by the check' });
    expect(within(dropped).getByText('Cited an answer the campaign does not have, words 3–9')).toBeInTheDocument();
    expect(screen.getByText(/shorter than the 60 seconds asked for/)).toBeInTheDocument();
  });

  it('offers to reload when the story was changed meanwhile (409), and reloads the latest version', async () => {
    let version = 1;
    api((req, path) => {
      if (path !== '/generated-videos/stories/c1/s1') return undefined;
      if (req.method === 'PUT') return jsonResponse({ detail: 'This story was changed meanwhile. Open it again to see the latest version.' }, 409);
      return jsonResponse(story({ version, title: version === 1 ? 'Why volunteers stay' : 'Changed elsewhere' }));
    });
    const user = userEvent.setup();
    open('/campaign/c1/stories/s1');
    const title = await screen.findByLabelText('Title');
    await waitFor(() => expect(title).toHaveValue('Why volunteers stay'));
    await user.type(title, '!');
    expect(screen.getByTestId('save-state')).toHaveTextContent('Unsaved changes');
    version = 2;
    await user.click(screen.getByRole('button', { name: 'Save story' }));
    const alert = await screen.findByText('This story was changed meanwhile. Open it again to see the latest version.');
    expect(alert.closest('[role="alert"]')).toHaveTextContent('your changes here are lost');
    await user.click(screen.getByRole('button', { name: 'Reload the story' }));
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveValue('Changed elsewhere'));
    expect(screen.getByTestId('save-state')).toHaveTextContent('All changes saved');
  });

  it('asks before leaving with unsaved changes: staying keeps them, leaving goes; a saved story leaves at once', async () => {
    api((_req, path) => (path === '/generated-videos/stories/c1/s1' ? jsonResponse(story({ title: 'Why volunteers stay' })) : undefined));
    const user = userEvent.setup();
    const router = createMemoryRouter(
      [
        { path: paths.storyEditor, element: <StoryEditorPage /> },
        { path: paths.campaignEdit, element: <p>The campaign screen</p> },
      ],
      { initialEntries: ['/campaign/c1/stories/s1'] },
    );
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const title = await screen.findByLabelText('Title');
    await waitFor(() => expect(title).toHaveValue('Why volunteers stay'));
    await user.type(title, ' together');

    await user.click(screen.getByRole('link', { name: 'Back to the campaign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(dialog).toHaveTextContent('Your changes to this story are not saved. If you leave now, they are lost.');
    expect(router.state.location.pathname).toBe('/campaign/c1/stories/s1');
    await user.click(within(dialog).getByRole('button', { name: 'Stay and keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Title')).toHaveValue('Why volunteers stay together');
    expect(router.state.location.pathname).toBe('/campaign/c1/stories/s1');

    await user.click(screen.getByRole('link', { name: 'Back to the campaign' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave without saving' }));
    expect(await screen.findByText('The campaign screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/initiative/campaign/c1');

    // Unchanged: no question asked.
    await router.navigate('/campaign/c1/stories/s1');
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveValue('Why volunteers stay'));
    await user.click(screen.getByRole('link', { name: 'Back to the campaign' }));
    expect(await screen.findByText('The campaign screen')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a render processing, then ready with its video, files and provenance', async () => {
    let reads = 0;
    const processing = { format: 'landscape' as const, framing: 'crop' as const, burnCaptions: true, status: 'processing' as const, progress: { percent: 40, stage: 'rendering' as const }, storyVersion: 1, current: true, createdAt: '2026-11-29T10:00:00Z', updatedAt: '2026-11-29T10:00:00Z' };
    const ready = {
      ...processing,
      status: 'ready' as const,
      progress: null,
      durationSeconds: 0.9,
      url: 'https://bucket.example/s1.mp4',
      downloadUrl: 'https://bucket.example/s1.mp4?download',
      srtUrl: 'https://bucket.example/s1.srt',
      vttUrl: 'https://bucket.example/s1.vtt',
      provenanceUrl: 'https://bucket.example/s1.json',
      provenance: {
        campaignId: 'c1', storyId: 's1', title: 'Why volunteers stay', format: 'landscape' as const, requestedAt: '2026-11-29T10:00:00Z',
        clips: [{ contributorId: 'k1', questionId: 'q1', question: 'Why do you stay?', speaker: 'Amal K.', takeKey: 'take-k1', start: 0, end: 0.9, storyStart: 0, storyEnd: 0.9, firstWord: 0, lastWord: 1, text: 'We stay' }],
      },
    };
    api((req, path) => {
      if (path === '/generated-videos/stories/render/c1/s1' && req.method === 'POST') return jsonResponse(processing, 202);
      if (path !== '/generated-videos/stories/c1/s1') return undefined;
      reads += 1;
      return jsonResponse(story({ renders: reads === 1 ? [] : reads === 2 ? [processing] : [ready] }));
    });
    const user = userEvent.setup();
    open('/campaign/c1/stories/s1');
    await user.click(await screen.findByRole('radio', { name: 'Fit on a blurred background' }));
    await user.click(screen.getByRole('button', { name: 'Render 16:9' }));
    const card = await screen.findByRole('listitem', { name: '16:9 render' });
    expect(within(card).getByTestId('render-status')).toHaveTextContent('Rendering · 40 %');
    await waitFor(() => expect(within(card).getByTestId('render-status')).toHaveTextContent('Ready'), { timeout: 5000 });
    expect(within(card).getByLabelText('Rendered story, 16:9')).toHaveAttribute('src', 'https://bucket.example/s1.mp4');
    expect(within(card).getByRole('link', { name: 'Captions (SRT)' })).toHaveAttribute('href', 'https://bucket.example/s1.srt');
    expect(within(card).getByRole('list', { name: 'Provenance of the 16:9 render' })).toHaveTextContent('0:00.0–0:00.9 Amal K., answering “Why do you stay?”: 0:00.0–0:00.9 of the answer');
  });
});
