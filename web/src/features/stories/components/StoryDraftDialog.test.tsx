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
import { BRIEF_EXAMPLE, draftSummary, TARGET_RANGE, validateDraft, type StoryDraft } from '../api/draft';
import { StoryDraftDialog } from './StoryDraftDialog';

type Call = { path: string; method: string; body: unknown };

function stub(handler: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string, init?: RequestInit) => {
      const req = typeof input === 'string' ? new Request(input, init) : input;
      const text = await req.clone().text();
      const call = { path: new URL(req.url).pathname.replace(/^\/api/, ''), method: req.method, body: text ? (JSON.parse(text) as unknown) : undefined };
      calls.push(call);
      return handler(call);
    }),
  );
  return calls;
}

const good = { contributorId: 'K1', questionId: 'Q1', firstWord: 4, lastWord: 11, takeKey: 't1', start: 1.2, end: 4.8, text: 'I stayed because the volunteers became my family.', speaker: 'Amal K.' };
const tampered = { contributorId: 'K2', questionId: 'Q1', firstWord: 0, lastWord: 3, quote: 'we never stay here', reason: 'The quote does not match words 0 to 3 of that answer' };

const made = (dropped = [tampered]): StoryDraft => ({
  campaignId: 'C1',
  storyId: 'S9',
  title: 'Why volunteers stay',
  version: 1,
  clips: [good],
  durationSeconds: 3.6,
  report: { brief: 'b', targetSeconds: 10, seconds: 3.6, short: true, dropped },
});

function show() {
  const router = createMemoryRouter(
    [
      { path: '/campaign/:campaignId/stories', element: <StoryDraftDialog campaignId="C1" open onClose={() => undefined} /> },
      { path: '/campaign/:campaignId/stories/:storyId', element: <p>Story editor</p> },
    ],
    { initialEntries: ['/campaign/C1/stories'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const dialog = () => screen.getByRole('dialog', { name: 'Draft a story with AI' });

describe('the AI draft dialog', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
    useToastStore.setState({ toasts: [] });
    saveToken('tok', 't1');
    useSessionStore.setState({ user: makeUser('creator'), status: 'ready' });
  });

  it('checks the brief and the target as the API does, and sums up a draft', () => {
    expect(validateDraft({ brief: '  ', targetSeconds: '60' })).toEqual({ brief: 'Please write a brief for the story.' });
    expect(validateDraft({ brief: '🐝'.repeat(2000), targetSeconds: '10' })).toEqual({});
    expect(validateDraft({ brief: '🐝'.repeat(2001), targetSeconds: '600' }).brief).toMatch(/at most 2000/);
    for (const bad of ['9', '601', '', '12.5', '-20', 'abc']) expect(validateDraft({ brief: 'b', targetSeconds: bad }).targetSeconds, bad).toBe(TARGET_RANGE);
    expect(draftSummary(made())).toBe('2 clips checked; 1 dropped');
    expect(draftSummary(made([]))).toBe('1 clip checked; 0 dropped');
  });

  it('refuses an empty brief and a target out of bounds without calling the API', async () => {
    const calls = stub(() => jsonResponse({}));
    show();
    const brief = within(dialog()).getByLabelText('Brief');
    expect(brief).toHaveAttribute('placeholder', BRIEF_EXAMPLE);
    const target = within(dialog()).getByLabelText('Target length (seconds)');
    await userEvent.clear(target);
    await userEvent.type(target, '5');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Draft' }));
    expect(within(dialog()).getByText('Please write a brief for the story.')).toBeInTheDocument();
    expect(within(dialog()).getByText(TARGET_RANGE)).toBeInTheDocument();
    expect(target).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it('shows progress while the model works, then opens the editor with what was dropped', async () => {
    let answer: (r: Response) => void = () => undefined;
    const calls = stub(() => new Promise<Response>((resolve) => (answer = resolve)));
    const router = show();
    await userEvent.type(within(dialog()).getByLabelText('Brief'), BRIEF_EXAMPLE);
    await userEvent.clear(within(dialog()).getByLabelText('Target length (seconds)'));
    await userEvent.type(within(dialog()).getByLabelText('Target length (seconds)'), '45');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Draft' }));
    expect(await screen.findByTestId('draft-progress')).toHaveTextContent('reading the transcripts');
    expect(within(dialog()).getByLabelText('Brief')).toBeDisabled();
    expect(calls[0]).toMatchObject({ path: '/openai/story-draft', method: 'POST', body: { campaignId: 'C1', brief: BRIEF_EXAMPLE, targetSeconds: 45, title: null } });

    answer(jsonResponse(made(), 201));
    await waitFor(() => expect(router.state.location.pathname).toBe('/campaign/C1/stories/S9'));
    expect(router.state.location.search).toBe('?draft=1');
    expect(router.state.location.state).toEqual({ dropped: [tampered] });
    expect(useToastStore.getState().toasts.map((t) => t.message)).toContain(
      'Draft "Why volunteers stay" saved: 2 clips checked; 1 dropped. The editor lists what was dropped and why.',
    );
  });

  it("shows the API's field errors by field", async () => {
    stub(() =>
      jsonResponse(
        { detail: TARGET_RANGE, requestId: 'r', errors: [{ field: 'targetSeconds', message: TARGET_RANGE }, { field: 'title', message: 'A title is at most 120 characters' }] },
        400,
      ),
    );
    show();
    await userEvent.type(within(dialog()).getByLabelText('Brief'), 'Hopeful');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Draft' }));
    expect(await within(dialog()).findByText('A title is at most 120 characters')).toBeInTheDocument();
    expect(within(dialog()).getByLabelText('Title (optional)')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog()).getByText(TARGET_RANGE)).toBeInTheDocument();
    expect(screen.queryByTestId('draft-failure')).not.toBeInTheDocument();
  });

  it.each([
    [502, 'The AI proposed no clip whose words match what was said. Nothing was saved; please try again.'],
    [503, 'AI writing help is not available: no AI provider is configured for this installation.'],
  ])("says why no draft was made (%i) in the API's words, and stays open", async (status, detail) => {
    stub(() => jsonResponse({ detail, requestId: 'r' }, status));
    const router = show();
    await userEvent.type(within(dialog()).getByLabelText('Brief'), 'Hopeful');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Draft' }));
    const failure = await within(dialog()).findByTestId('draft-failure');
    expect(failure).toHaveTextContent('No draft was made.');
    expect(failure).toHaveTextContent(detail);
    expect(router.state.location.pathname).toBe('/campaign/C1/stories');
    expect(within(dialog()).getByRole('button', { name: 'Draft' })).toBeEnabled();
  });
});
