import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { saveToken } from '@/lib/storage';
import { useToastStore } from '@/stores/toast-store';
import { jsonResponse, makeUser } from '@/testing/fixtures';
import { useConflictStore } from '../api/write-queue';
import type { Campaign, Question } from '../types';
import { CampaignEdit } from './CampaignEditor';

const question = (id: string, sequence: number, tips: string | null = null): Question => ({
  questionId: id,
  campaignQuestionId: `cq-${id}`,
  campaignId: 'c1',
  question: `Question ${id}`,
  tips,
  sequence,
  script: null,
});

function makeCampaign(overrides: Partial<Campaign> = {}): Campaign {
  return {
    id: 'c1',
    title: 'Spring stories',
    initiativeId: 'i1',
    initiativeName: 'Spring',
    language: 'en',
    reminders: { enabled: true, daysAfterInvitation: 3, daysBeforeDeadline: 2 },
    status: 'draft',
    type: 'evergreen',
    visibility: 'public',
    mode: 'portrait',
    videoCount: 0,
    deadline: null,
    expiryDate: null,
    createdAt: '2026-11-01T00:00:00Z',
    tags: [{ id: 't1', name: 'culture' }],
    description: 'Tell us about spring',
    brief: '<p>The brief</p>',
    script: '',
    questions: [],
    participants: [],
    madeLive: false,
    version: 7,
    updatedAt: '2026-11-01T00:00:00Z',
    ...overrides,
  };
}

type Call = { method: string; path: string; body: unknown };

function stub(routes: (call: Call) => Response | undefined) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (req: Request) => {
      const text = await req.clone().text();
      const call = { method: req.method, path: new URL(req.url).pathname.replace(/^\/api/, ''), body: text ? JSON.parse(text) : undefined };
      calls.push(call);
      const res = routes(call);
      if (res) return res;
      if (call.path === '/initiative/list') return jsonResponse([{ id: 'i1', name: 'Spring', campaignCount: 1, createdAt: '' }]);
      if (call.path === '/tags/all-tags') return jsonResponse([{ id: 't1', name: 'culture' }]);
      if (call.path.startsWith('/campaign/CampaignParticipantList/')) return jsonResponse({ participants: [], available: [] });
      if (call.path.startsWith('/contributor/campaignContributorList/')) return jsonResponse({ items: [], nextCursor: null });
      if (call.path === '/openai/status') return jsonResponse({ available: true });
      return jsonResponse({ detail: `unexpected ${call.method} ${call.path}` }, 500);
    }),
  );
  return calls;
}

function renderEditor() {
  const router = createMemoryRouter(
    [
      { path: '/initiative/campaign/:id', element: <CampaignEdit id="c1" user={makeUser('admin')} /> },
      { path: '/campaigns', element: <p>list</p> },
    ],
    { initialEntries: ['/initiative/campaign/c1'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('campaign editor', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
    saveToken('tok', 't1');
    useConflictStore.setState({ message: null, reloads: 0 });
  });

  it('sends the version it read, and on 409 shows the message with Reload', async () => {
    let version = 7;
    const calls = stub((c) => {
      if (c.method === 'GET' && c.path === '/campaign/c1') return jsonResponse(makeCampaign({ version }));
      if (c.path === '/question/list/c1') return jsonResponse([]);
      if (c.method === 'PUT' && c.path === '/campaign/update') {
        if ((c.body as { version: number }).version !== version) {
          return jsonResponse({ detail: 'This campaign was changed by someone else. Reload to see the latest version.' }, 409);
        }
        version += 1;
        return jsonResponse(makeCampaign({ title: (c.body as { title: string }).title, version }));
      }
      return undefined;
    });
    renderEditor();
    const u = userEvent.setup();
    const title = await screen.findByLabelText('Title');
    await u.clear(title);
    await u.type(title, 'Summer stories');
    await u.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/campaign/update')).toBe(true));
    expect(calls.find((c) => c.path === '/campaign/update')!.body).toMatchObject({ id: 'c1', version: 7, title: 'Summer stories' });
    await waitFor(() =>
      expect(useToastStore.getState().toasts).toContainEqual(expect.objectContaining({ message: 'Campaign updated successfully' })),
    );

    // Someone else saves meanwhile: the next write is stale.
    version = 20;
    await u.click(screen.getByRole('button', { name: 'Save changes' }));
    const banner = await screen.findByText('This campaign was changed by someone else. Reload to see the latest version.', {
      selector: 'div[role="alert"] p',
    });
    await u.click(within(banner.parentElement!).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(useConflictStore.getState().message).toBeNull());
    await u.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/campaign/update').at(-1)!.body).toMatchObject({ version: 20 }));
  });

  it('adds a question with tips and moves the third question to the top', async () => {
    let list = [question('a', 1), question('b', 2)];
    const calls = stub((c) => {
      if (c.method === 'GET' && c.path === '/campaign/c1') return jsonResponse(makeCampaign());
      if (c.path === '/question/list/c1') return jsonResponse(list);
      if (c.method === 'POST' && c.path === '/question/add') {
        const body = c.body as { question: string; tips: string | null; sequence: number; timeLimitSeconds: number };
        const created = { ...question('c', body.sequence, body.tips), question: body.question, timeLimitSeconds: body.timeLimitSeconds || null };
        list = [...list, created];
        return jsonResponse(created, 201);
      }
      if (c.method === 'PUT' && c.path.startsWith('/question/')) {
        const id = c.path.split('/').at(-1)!;
        const seq = (c.body as { sequence: number }).sequence;
        const moving = list.find((q) => q.questionId === id)!;
        const rest = list.filter((q) => q.questionId !== id);
        rest.splice(seq - 1, 0, moving);
        list = rest.map((q, i) => ({ ...q, sequence: i + 1 }));
        return jsonResponse(list.find((q) => q.questionId === id));
      }
      return undefined;
    });
    renderEditor();
    const u = userEvent.setup();
    await screen.findByText('Question a');
    await u.click(screen.getByRole('button', { name: 'Add question' }));
    await u.click(screen.getByRole('button', { name: 'Save question' }));
    expect(await screen.findByText('Question is a required field')).toBeInTheDocument();
    await u.type(screen.getByLabelText('Question'), 'What changed?');
    await u.type(screen.getByLabelText('Tips (optional)'), 'Be brief');
    await u.selectOptions(screen.getByLabelText('Answer time limit'), '1 minute');
    await u.click(screen.getByRole('button', { name: 'Save question' }));
    await screen.findByText('What changed?');
    expect(calls.find((c) => c.path === '/question/add')!.body).toEqual({
      campaignId: 'c1',
      question: 'What changed?',
      tips: 'Be brief',
      sequence: 3,
      script: null,
      timeLimitSeconds: 60,
    });
    expect(screen.getByText('Answers up to 1 minute')).toBeInTheDocument();
    expect(screen.queryByTestId('question-temp')).not.toBeInTheDocument();

    await u.click(screen.getByRole('button', { name: 'Move "What changed?" up' }));
    await u.click(screen.getByRole('button', { name: 'Move "What changed?" up' }));
    await waitFor(() =>
      expect(screen.getAllByTestId('question-text').map((n) => n.textContent)).toEqual(['What changed?', 'Question a', 'Question b']),
    );
    await waitFor(() => expect(list.map((q) => q.questionId)).toEqual(['c', 'a', 'b']));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { campaignId: 'c1', sequence: 2, question: null, tips: null, script: null, timeLimitSeconds: null },
      { campaignId: 'c1', sequence: 1, question: null, tips: null, script: null, timeLimitSeconds: null },
    ]);
  });

  it('publishes with the server message; "Preview as contributor" opens the collaborator\'s pages in a preview tab', async () => {
    stub((c) => {
      if (c.method === 'GET' && c.path === '/campaign/c1') return jsonResponse(makeCampaign());
      if (c.path === '/question/list/c1') return jsonResponse([question('b', 2, 'Smile'), question('a', 1)]);
      if (c.method === 'PUT' && c.path === '/campaign/complete/c1')
        return jsonResponse({ message: 'The campaign is now live', campaign: makeCampaign({ status: 'live', version: 8 }) });
      return undefined;
    });
    renderEditor();
    const u = userEvent.setup();
    await screen.findByText('Question a');
    const preview = screen.getByRole('link', { name: 'Preview as contributor' });
    expect(preview).toHaveAttribute('href', '/contributor/t1/c1?preview=1');
    expect(preview).toHaveAttribute('target', '_blank');
    await u.click(screen.getByRole('button', { name: 'Publish campaign' }));
    await waitFor(() =>
      expect(useToastStore.getState().toasts).toContainEqual(expect.objectContaining({ kind: 'success', message: 'The campaign is now live' })),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Publish campaign' })).not.toBeInTheDocument());
  });
  it('inviting the first collaborator re-reads the campaign, which shows as live', async () => {
    let status: Campaign['status'] = 'draft';
    const calls = stub((c) => {
      if (c.method === 'GET' && c.path === '/campaign/c1') return jsonResponse(makeCampaign({ status, version: status === 'live' ? 8 : 7 }));
      if (c.path === '/question/list/c1') return jsonResponse([question('a', 1)]);
      if (c.path === '/contributor/c1/all') return jsonResponse({ items: [], nextCursor: null });
      if (c.method === 'POST' && c.path === '/campaign/add-contributor') {
        status = 'live';
        return jsonResponse(
          {
            message: 'Collaborator successfully invited, and the campaign is now live',
            contributor: {
              contributorId: 'k1',
              email: 'jane@example.org',
              firstName: 'Jane',
              lastName: 'Doerr',
              fullName: 'Jane Doerr',
              status: 'invited',
              linkRevoked: false,
              inviteLink: 'http://localhost/contributor/t1/c1?contributorId=k1&key=secret',
              invitedAt: '2026-11-20T10:00:00Z',
              startedJourney: false,
              submittedAt: null,
              answeredCount: 0,
              questionCount: 1,
            },
            campaignLive: true,
          },
          201,
        );
      }
      return undefined;
    });
    renderEditor();
    const u = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Invite a collaborator' });
    expect(screen.getByRole('button', { name: 'Publish campaign' })).toBeInTheDocument();
    await u.type(within(form).getByLabelText('First name'), 'Jane');
    await u.type(within(form).getByLabelText('Last name'), 'Doerr');
    await u.type(within(form).getByLabelText('Email'), 'jane@example.org');
    await u.click(within(form).getByRole('button', { name: 'Invite collaborator' }));
    await waitFor(() =>
      expect(useToastStore.getState().toasts).toContainEqual(
        expect.objectContaining({ kind: 'success', message: 'Collaborator successfully invited, and the campaign is now live' }),
      ),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Publish campaign' })).toBeNull());
    expect(screen.getAllByText('Live').length).toBeGreaterThan(0);
    expect(calls.filter((c) => c.method === 'GET' && c.path === '/campaign/c1').length).toBeGreaterThanOrEqual(2);
  });

  it('generates questions from the four required fields, regenerates one, discards one and adds one', async () => {
    let list: Question[] = [];
    const calls = stub((c) => {
      if (c.method === 'GET' && c.path === '/campaign/c1') return jsonResponse(makeCampaign());
      if (c.path === '/question/list/c1') return jsonResponse(list);
      if (c.path === '/openai/generateQuestions') return jsonResponse({ questions: ['Why spring?', 'Who plants?', 'What grows?'] });
      if (c.path === '/openai/regenerate') return jsonResponse({ question: 'Where do you plant?' });
      if (c.method === 'POST' && c.path === '/question/add') {
        const added = { ...question('n1', 1), question: (c.body as { question: string }).question };
        list = [added];
        return jsonResponse(added, 201);
      }
      return undefined;
    });
    renderEditor();
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Generate questions' }));
    expect(await screen.findByText('Location is a required field')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/openai/generateQuestions')).toBe(false);

    await u.type(screen.getByLabelText('Location'), 'Kew');
    await u.type(screen.getByLabelText('Keywords'), 'gardens');
    await u.type(screen.getByLabelText('Tone of voice'), 'warm');
    await u.type(screen.getByLabelText('Scene request'), 'outdoors');
    await u.click(screen.getByRole('button', { name: 'Generate questions' }));
    const generated = await screen.findByRole('list', { name: 'Generated questions' });
    expect(calls.find((c) => c.path === '/openai/generateQuestions')!.body).toEqual({
      campaignId: 'c1',
      count: 5,
      location: 'Kew',
      keywords: 'gardens',
      toneOfVoice: 'warm',
      sceneRequest: 'outdoors',
    });
    const row = (text: string) => within(generated).getByText(text).closest('li')!;

    await u.click(within(row('Who plants?')).getByRole('button', { name: 'Regenerate' }));
    expect(await within(generated).findByText('Where do you plant?')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/openai/regenerate')!.body).toMatchObject({
      campaignId: 'c1',
      question: 'Who plants?',
      otherQuestions: ['Why spring?', 'What grows?'],
    });

    await u.click(within(row('What grows?')).getByRole('button', { name: 'Discard' }));
    expect(within(generated).queryByText('What grows?')).not.toBeInTheDocument();

    await u.click(within(row('Why spring?')).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(within(generated).queryByText('Why spring?')).not.toBeInTheDocument());
    expect(calls.find((c) => c.path === '/question/add')!.body).toMatchObject({ campaignId: 'c1', question: 'Why spring?' });
    expect(within(generated).getByText('Where do you plant?')).toBeInTheDocument();
  });

  it('disables the generator and says why when no AI provider is configured', async () => {
    stub((c) => {
      if (c.method === 'GET' && c.path === '/campaign/c1') return jsonResponse(makeCampaign());
      if (c.path === '/question/list/c1') return jsonResponse([]);
      if (c.path === '/openai/status')
        return jsonResponse({ available: false, message: 'AI writing help is not available: no AI provider is configured for this installation.' });
      return undefined;
    });
    renderEditor();
    expect(await screen.findByTestId('ai-unavailable', {}, { timeout: 5000 })).toHaveTextContent('no AI provider is configured');
    expect(screen.getByRole('button', { name: 'Generate questions' })).toBeDisabled();
    expect(screen.getByLabelText('Location')).toBeDisabled();
    expect(screen.getByRole('button', { name: '✨ Write brief with AI' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '✨ Write script with AI' })).toHaveAttribute('title', expect.stringContaining('no AI provider'));
  });

  it('writes the brief with AI as paragraphs from the current text, and saves it as any edit', async () => {
    const calls = stub((c) => {
      if (c.method === 'GET' && c.path === '/campaign/c1') return jsonResponse(makeCampaign());
      if (c.path === '/question/list/c1') return jsonResponse([]);
      if (c.path === '/openai/generateParagraphs')
        return jsonResponse({ videoScript: 'Spring is here.\n\nTell us <yours>.', paragraphs: ['Spring is here.', 'Tell us <yours>.'] });
      if (c.path === '/campaign/auto-save-brief') return jsonResponse(makeCampaign({ version: 8 }));
      return undefined;
    });
    renderEditor();
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: '✨ Write brief with AI' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/campaign/auto-save-brief')).toBe(true), { timeout: 3000 });
    expect(calls.find((c) => c.path === '/openai/generateParagraphs')!.body).toEqual({
      campaignId: 'c1',
      prompt: '',
      kind: 'brief',
      currentText: '<p>The brief</p>',
    });
    expect(calls.find((c) => c.path === '/campaign/auto-save-brief')!.body).toMatchObject({
      campaignId: 'c1',
      brief: '<p>Spring is here.</p><p>Tell us &lt;yours&gt;.</p>',
    });
  });

  it('gives a question a script, written or drafted with AI, and edits it', async () => {
    let list = [question('a', 1)];
    const calls = stub((c) => {
      if (c.method === 'GET' && c.path === '/campaign/c1') return jsonResponse(makeCampaign());
      if (c.path === '/question/list/c1') return jsonResponse(list);
      if (c.path === '/openai/generateParagraphs') return jsonResponse({ paragraphs: ['I joined in May.', 'The team met me.'] });
      if (c.method === 'POST' && c.path === '/question/add') {
        const body = c.body as { question: string; script: string | null; sequence: number };
        const created = { ...question('b', body.sequence), question: body.question, script: body.script };
        list = [...list, created];
        return jsonResponse(created, 201);
      }
      if (c.method === 'PUT' && c.path === '/question/b') {
        const body = c.body as { script: string };
        list = list.map((q) => (q.questionId === 'b' ? { ...q, script: body.script || null } : q));
        return jsonResponse(list[1]);
      }
      return undefined;
    });
    renderEditor();
    const u = userEvent.setup();
    await screen.findByText('Question a');
    await u.click(screen.getByRole('button', { name: 'Add question' }));
    await u.type(screen.getByLabelText('Question'), 'Your first day?');
    await u.click(screen.getByRole('button', { name: "✨ Write this question's script with AI" }));
    await waitFor(() => expect(screen.getByLabelText('Script (optional)')).toHaveValue('I joined in May.\n\nThe team met me.'));
    expect(calls.find((c) => c.path === '/openai/generateParagraphs')!.body).toMatchObject({
      campaignId: 'c1',
      kind: 'script',
      prompt: expect.stringContaining('Your first day?'),
    });
    await u.type(screen.getByLabelText('Script (optional)'), ' Smile.');
    await u.click(screen.getByRole('button', { name: 'Save question' }));
    await screen.findByText('Your first day?');
    expect(calls.find((c) => c.path === '/question/add')!.body).toMatchObject({
      question: 'Your first day?',
      script: 'I joined in May.\n\nThe team met me. Smile.',
    });
    expect(screen.getByText('Has its own script')).toBeInTheDocument();

    await u.click(screen.getByRole('button', { name: 'Edit "Your first day?"' }));
    const script = screen.getByLabelText('Script (optional)');
    expect(script).toHaveValue('I joined in May.\n\nThe team met me. Smile.');
    await u.clear(script);
    await u.click(within(screen.getByRole('list', { name: 'Questions' })).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.path === '/question/b')).toBe(true));
    // Empty clears it: the teleprompter falls back to the campaign's script.
    expect(calls.find((c) => c.method === 'PUT' && c.path === '/question/b')!.body).toMatchObject({ script: '' });
  });

  it('keeps a question being typed when an AI suggestion is added', async () => {
    let list = [question('a', 1)];
    stub((c) => {
      if (c.method === 'GET' && c.path === '/campaign/c1') return jsonResponse(makeCampaign());
      if (c.path === '/question/list/c1') return jsonResponse(list);
      if (c.path === '/openai/generateQuestions') return jsonResponse({ questions: ['Why spring?'] });
      if (c.method === 'POST' && c.path === '/question/add') {
        // Added at the end: the place the draft was numbered for.
        const added = { ...question('n1', 2), question: (c.body as { question: string }).question };
        list = [...list, added];
        return jsonResponse(added, 201);
      }
      return undefined;
    });
    renderEditor();
    const u = userEvent.setup();
    await screen.findByText('Question a');
    await u.click(screen.getByRole('button', { name: 'Add question' }));
    await u.type(screen.getByLabelText('Question'), 'What did you learn?');
    await u.type(screen.getByLabelText('Tips (optional)'), 'One thing');

    await u.type(screen.getByLabelText('Location'), 'Kew');
    await u.type(screen.getByLabelText('Keywords'), 'gardens');
    await u.type(screen.getByLabelText('Tone of voice'), 'warm');
    await u.type(screen.getByLabelText('Scene request'), 'outdoors');
    await u.click(screen.getByRole('button', { name: 'Generate questions' }));
    const generated = await screen.findByRole('list', { name: 'Generated questions' });
    await u.click(within(generated).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.getAllByTestId('question-text').map((n) => n.textContent)).toEqual(['Question a', 'Why spring?']));

    const draft = screen.getByTestId('question-temp');
    expect(within(draft).getByLabelText('Question')).toHaveValue('What did you learn?');
    expect(within(draft).getByLabelText('Tips (optional)')).toHaveValue('One thing');
  });

  it('turns the counter red past 50 characters and says why saving is disabled', async () => {
    stub((c) => {
      if (c.method === 'GET' && c.path === '/campaign/c1') return jsonResponse(makeCampaign());
      if (c.path === '/question/list/c1') return jsonResponse([]);
      return undefined;
    });
    renderEditor();
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Add question' }));
    const input = screen.getByLabelText('Question');
    await u.type(input, 'x'.repeat(50));
    const counter = screen.getByTestId('question-counter');
    expect(counter).toHaveTextContent('50 / 50');
    expect(counter).not.toHaveClass('text-danger');
    expect(screen.getByRole('button', { name: 'Save question' })).toBeEnabled();

    await u.type(input, 'yz');
    expect(counter).toHaveTextContent('52 / 50');
    expect(counter).toHaveClass('text-danger');
    const save = screen.getByRole('button', { name: 'Save question' });
    expect(save).toBeDisabled();
    expect(save).toHaveAccessibleDescription('Shorten the question by 2 characters to save it (at most 50).');
    expect(input).toHaveAttribute('aria-invalid', 'true');

    await u.type(input, '{Backspace}{Backspace}');
    expect(counter).not.toHaveClass('text-danger');
    expect(screen.getByRole('button', { name: 'Save question' })).toBeEnabled();
  });
});
