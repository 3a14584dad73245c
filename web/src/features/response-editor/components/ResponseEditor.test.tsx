import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffRole } from '@/config/access';
import { routes } from '@/app/router';
import { queryClient } from '@/lib/query-client';
import { useSessionStore } from '@/stores/session-store';
import { useToastStore } from '@/stores/toast-store';
import { jsonResponse, makeUser } from '@/testing/fixtures';
import { GENERATE_FAILED_MESSAGE } from '../api/editor-api';

type Call = { method: string; path: string; search: string; body: unknown };

const words = [
  { text: 'hello', start: 0.5, end: 0.9 },
  { text: 'there.', start: 1.0, end: 1.4 },
  { text: 'we', start: 2.0, end: 2.2 },
  { text: 'make', start: 2.3, end: 2.6 },
  { text: 'films', start: 2.7, end: 3.2 },
];

const take = {
  campaignId: 'c1',
  contributorId: 'k1',
  journeyId: 'q1',
  question: 'Who are you?',
  takeKey: 'k',
  status: 'ready',
  originalUrl: 'https://bucket.example/original.webm',
  url: 'https://bucket.example/q1.mp4',
  posterUrl: 'https://bucket.example/q1.jpg',
  durationSeconds: 4,
  urlExpiresInSeconds: 3600,
  width: 1280,
  height: 720,
  failureReason: null,
  transcript: { status: 'ready', truncated: false, version: 1, engine: 'whisper', language: 'es', words },
};

const question = (id: string, sequence: number, stored: boolean) => ({
  campaignQuestionId: id,
  question: id === 'q1' ? 'Who are you?' : 'Why does it matter?',
  sequence,
  stored,
  uploadStatus: stored ? 'stored' : 'none',
  sentForReRecording: false,
  toAsk: !stored,
  videoConfig: { mode: 'landscape' },
  video: null,
});

const CAPTIONS_VTT = 'WEBVTT\n\n00:00:00.500 --> 00:00:01.400\nhello there.\n\n';
const CAPTIONS_SRT = '1\n00:00:00,500 --> 00:00:01,400\nhello there.\n\n';

function stub(overrides: (call: Call) => Response | undefined = () => undefined) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (req: Request) => {
      const text = await req.clone().text();
      const url = new URL(req.url);
      const call = { method: req.method, path: url.pathname.replace(/^\/api/, ''), search: url.search, body: text ? JSON.parse(text) : undefined };
      calls.push(call);
      const res = overrides(call);
      if (res) return res;
      switch (call.path) {
        case '/contributor-journey/all-questions/t1/c1/k1':
          return jsonResponse([question('q2', 2, false), question('q1', 1, true)]);
        case '/contributor/t1/c1/k1':
          return jsonResponse({ contributor: { id: 'k1', firstName: 'Robin', lastName: 'Recorder', email: 'r@x.org' }, campaign: { id: 'c1', title: 'Stories' } });
        case '/user-state/k1/get':
          return jsonResponse({ campaignId: 'c1', contributorId: 'k1', state: { cutList: [], selections: [], lastPosition: null }, updatedAt: null });
        case '/user-state/save':
          return jsonResponse({ campaignId: 'c1', contributorId: 'k1', state: (call.body as { state: unknown }).state, updatedAt: '2026-11-24T10:00:00Z' });
        case '/campaign/video-info/c1/k1/q1':
          return jsonResponse(take);
        case '/campaign/captions/c1/k1/q1':
          return jsonResponse({ fileName: 'stories-answer-1', language: 'es', webvtt: CAPTIONS_VTT, srt: CAPTIONS_SRT });
        case '/user/skip-tour':
          return jsonResponse({ message: 'Saved' });
      }
      if (call.path.startsWith('/generated-videos/') && call.method === 'GET') return jsonResponse({ items: [], nextCursor: null });
      return jsonResponse({ detail: `unexpected ${call.method} ${call.path}` }, 500);
    }),
  );
  return calls;
}

function open(path: string, role: StaffRole, skippedEditorTour = true) {
  useSessionStore.setState({ user: makeUser(role, { skippedEditorTour }), status: 'ready' });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const toasts = () => useToastStore.getState().toasts.map((t) => `${t.kind}:${t.message}`);
const wordButtons = async () =>
  within(await screen.findByRole('group', { name: 'Transcript of answer 1' }, { timeout: 5000 })).getAllByTestId('word');

describe('response editor', { timeout: 20_000 }, () => {
  beforeEach(() => queryClient.clear());

  it('a link into a pause highlights the next word', async () => {
    stub();
    open('/campaign/c1/response-editor/k1?answer=q1&t=1.7', 'coordinator');
    const buttons = await wordButtons();
    await waitFor(() => expect(buttons[2]).toHaveAttribute('aria-current', 'true'), { timeout: 5000 });
    expect(buttons.filter((b) => b.getAttribute('aria-current') === 'true')).toHaveLength(1);
  });

  it('opens at the linked moment: the word at t is highlighted; unanswered questions say so', async () => {
    stub();
    open('/campaign/c1/response-editor/k1?answer=q1&t=2.1', 'coordinator');
    const buttons = await wordButtons();
    expect(buttons.map((b) => b.textContent)).toEqual(['hello', 'there.', 'we', 'make', 'films']);
    await waitFor(() => expect(buttons[2]).toHaveAttribute('aria-current', 'true'), { timeout: 5000 });
    expect(screen.getByRole('heading', { level: 1, name: 'Response editor' })).toBeInTheDocument();
    expect(screen.getByText('Not answered yet.')).toBeInTheDocument();
    const video = screen.getByLabelText('Video of answer 1');
    expect(video).toHaveAttribute('src', 'https://bucket.example/q1.mp4');
    expect(video).toHaveAttribute('poster', 'https://bucket.example/q1.jpg');
  });

  it("plays the answer with the API's captions in the transcript's language, and downloads them as SRT and WebVTT", async () => {
    stub();
    const created: Blob[] = [];
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = (b: Blob) => (created.push(b), `blob:${created.length}`);
    URL.revokeObjectURL = () => undefined;
    open('/campaign/c1/response-editor/k1?answer=q1', 'coordinator');
    const files = await screen.findByTestId('caption-files', {}, { timeout: 5000 });
    expect(files).toHaveTextContent('Transcript in Spanish');
    const track = screen.getByLabelText('Video of answer 1').querySelector('track')!;
    expect(track).toHaveAttribute('srclang', 'es');
    expect(track).toHaveAttribute('kind', 'captions');
    expect(await created[0]!.text()).toBe(CAPTIONS_VTT);

    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('stories-answer-1.srt');
    });
    await userEvent.setup().click(within(files).getByRole('button', { name: 'Download the captions of answer 1 as SRT' }));
    expect(click).toHaveBeenCalledTimes(1);
    expect(await created.at(-1)!.text()).toBe(CAPTIONS_SRT);
    click.mockRestore();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
  });

  it('cuts a selected sentence (struck through), saves the cut list on its own, and generates it', async () => {
    const calls = stub((c) =>
      c.path === '/generated-videos/save'
        ? jsonResponse({ videoId: 'v1', title: (c.body as { title: string }).title, status: 'processing' }, 202)
        : undefined,
    );
    open('/campaign/c1/response-editor/k1', 'coordinator');
    const u = userEvent.setup();
    const buttons = await wordButtons();
    await u.click(buttons[0]!);
    await u.keyboard('{Shift>}');
    await u.click(buttons[1]!);
    await u.keyboard('{/Shift}');
    expect(screen.getByTestId('selection-info')).toHaveTextContent('2 words selected');
    await u.click(screen.getByRole('button', { name: 'Cut selection' }));
    expect(buttons.map((b) => b.hasAttribute('data-cut'))).toEqual([true, true, false, false, false]);

    const cutList = [
      { journeyId: 'q1', start: 0, end: 0.5 },
      { journeyId: 'q1', start: 2, end: 4 },
    ];
    await waitFor(
      () => expect(calls.filter((c) => c.path === '/user-state/save').map((c) => (c.body as { state: { cutList: unknown } }).state.cutList)).toContainEqual(cutList),
      { timeout: 4000 },
    );

    await u.click(screen.getByRole('radio', { name: 'WebVTT file beside the video' }));
    await u.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(toasts()).toContain('success:Video "Robin Recorder – Stories" is being generated'), { timeout: 5000 });
    expect(calls.find((c) => c.path === '/generated-videos/save')!.body).toEqual({
      campaignId: 'c1',
      contributorId: 'k1',
      title: 'Robin Recorder – Stories',
      edit: { clips: cutList, titleCard: null, captions: 'webvtt' },
    });
  });

  it('a failed generation asks to check the transcription or contact support', async () => {
    stub((c) => (c.path === '/generated-videos/save' ? jsonResponse({ detail: 'The take of q1 is not ready' }, 409) : undefined));
    open('/campaign/c1/response-editor/k1', 'admin');
    const u = userEvent.setup();
    await wordButtons();
    await u.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(toasts()).toContain(`error:${GENERATE_FAILED_MESSAGE}`), { timeout: 5000 });
  });

  it("shows why an answer's video failed, and staff retry it: it is queued again and shows Processing", async () => {
    let current: Record<string, unknown> = {
      ...take,
      status: 'failed',
      url: null,
      posterUrl: null,
      failureReason: 'Processing stopped before it finished, three times. It can be retried later.',
      transcript: { status: 'none', truncated: false, version: 0, engine: null, words: [] },
    };
    const calls = stub((c) => {
      if (c.path === '/campaign/video-info/c1/k1/q1') return jsonResponse(current);
      if (c.path === '/generated-videos/answer-retry') {
        current = { ...current, status: 'processing', failureReason: null };
        return jsonResponse({ message: "The answer's video is being prepared again" }, 202);
      }
      return undefined;
    });
    open('/campaign/c1/response-editor/k1', 'coordinator');
    const status = await screen.findByTestId('take-status', {}, { timeout: 5000 });
    expect(status).toHaveTextContent('Failed');
    expect(status).toHaveTextContent('Processing stopped before it finished, three times.');
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Retry preparing answer 1' }));
    await waitFor(() => expect(toasts()).toContain("success:The answer's video is being prepared again"));
    await waitFor(() => expect(screen.getByTestId('take-status')).toHaveTextContent('Processing'));
    expect(screen.queryByRole('button', { name: 'Retry preparing answer 1' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/generated-videos/answer-retry').map((c) => c.body)).toEqual([
      { campaignId: 'c1', contributorId: 'k1', journeyId: 'q1' },
    ]);
  });

  it('restores a saved edit: cut words, and the keyboard cuts more (Shift+arrows, Delete)', async () => {
    const calls = stub((c) =>
      c.path === '/user-state/k1/get'
        ? jsonResponse({
            campaignId: 'c1',
            contributorId: 'k1',
            state: { cutList: [{ journeyId: 'q1', start: 0, end: 2.7 }], selections: [], lastPosition: { journeyId: 'q1', seconds: 2.4 } },
            updatedAt: '2026-11-24T09:00:00Z',
          })
        : undefined,
    );
    open('/campaign/c1/response-editor/k1', 'creator');
    const buttons = await wordButtons();
    expect(buttons.map((b) => b.hasAttribute('data-cut'))).toEqual([false, false, false, false, true]);
    await waitFor(() => expect(buttons[3]).toHaveAttribute('aria-current', 'true'), { timeout: 5000 });
    const u = userEvent.setup();
    await u.click(buttons[0]!);
    await u.keyboard('{Shift>}{ArrowRight}{/Shift}{Delete}');
    expect(buttons.map((b) => b.hasAttribute('data-cut'))).toEqual([true, true, false, false, true]);
    await waitFor(
      () =>
        expect(calls.filter((c) => c.path === '/user-state/save').at(-1)?.body).toMatchObject({
          state: { cutList: [{ journeyId: 'q1', start: 0, end: 0.5 }, { journeyId: 'q1', start: 2, end: 2.7 }] },
        }),
      { timeout: 4000 },
    );
  });
});

describe('the editor tour', { timeout: 20_000 }, () => {
  beforeEach(() => queryClient.clear());

  it('is shown the first time a creator opens the editor; skipping it is remembered', async () => {
    const calls = stub();
    const router = open('/campaign/c1/response-editor/k1?answer=q1', 'creator', false);
    await waitFor(() => expect(router.state.location.pathname).toBe('/campaign/c1/response-editor/k1/tour'), { timeout: 5000 });
    expect(router.state.location.search).toBe('?answer=q1');
    const tour = await screen.findByRole('dialog', { name: 'The answers' });
    const u = userEvent.setup();
    await u.click(within(tour).getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('dialog', { name: 'Edit by text' })).toBeInTheDocument();
    await u.click(within(screen.getByTestId('editor-tour')).getByRole('button', { name: 'Skip tour' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/campaign/c1/response-editor/k1'), { timeout: 5000 });
    expect(calls.filter((c) => c.path === '/user/skip-tour')).toEqual([
      { method: 'PUT', path: '/user/skip-tour', search: '', body: { skippedEditorTour: true } },
    ]);
    expect(useSessionStore.getState().user?.skippedEditorTour).toBe(true);
    await waitFor(() => expect(screen.queryByTestId('editor-tour')).not.toBeInTheDocument(), { timeout: 5000 });
    // Opened again: straight to the editor.
    await router.navigate('/campaign/c1/response-editor/k1');
    await wordButtons();
    expect(router.state.location.pathname).toBe('/campaign/c1/response-editor/k1');
  });

  it('is never shown to a coordinator, who cannot open the tour page either', async () => {
    const calls = stub();
    const router = open('/campaign/c1/response-editor/k1', 'coordinator', false);
    await wordButtons();
    expect(router.state.location.pathname).toBe('/campaign/c1/response-editor/k1');
    expect(screen.queryByTestId('editor-tour')).not.toBeInTheDocument();
    await router.navigate('/campaign/c1/response-editor/k1/tour');
    await waitFor(() => expect(router.state.location.pathname).toBe('/campaigns'), { timeout: 5000 });
    expect(calls.some((c) => c.path === '/user/skip-tour')).toBe(false);
  });
});
