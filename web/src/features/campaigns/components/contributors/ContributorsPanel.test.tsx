import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { saveToken } from '@/lib/storage';
import { useToastStore } from '@/stores/toast-store';
import { jsonResponse } from '@/testing/fixtures';
import type { CampaignContributor, ContributorAnswers } from '../../contributor-types';
import { ContributorsPanel } from './ContributorsPanel';

function contributor(overrides: Partial<CampaignContributor> = {}): CampaignContributor {
  return {
    contributorId: 'k1',
    email: 'jane@example.org',
    firstName: 'Jane',
    lastName: 'Doerr',
    fullName: 'Jane Doerr',
    status: 'invited',
    linkRevoked: false,
    inviteLink: null,
    invitedAt: '2026-11-20T10:00:00Z',
    startedJourney: false,
    submittedAt: null,
    answeredCount: 0,
    questionCount: 2,
    ...overrides,
  };
}

/** One page of a paged list; the last page has a null cursor. */
function page<T>(items: T[], nextCursor: string | null = null) {
  return { items, nextCursor };
}

type Call = { method: string; path: string; search: string; body: unknown };

function stub(routes: (call: Call) => Response | undefined) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (req: Request) => {
      const text = await req.clone().text();
      const url = new URL(req.url);
      const call = {
        method: req.method,
        path: url.pathname.replace(/^\/api/, ''),
        search: url.search,
        body: text ? JSON.parse(text) : undefined,
      };
      calls.push(call);
      const res = routes(call);
      if (res) return res;
      if (call.path === '/contributor/c1/all') return jsonResponse(page([]));
      if (call.method === 'GET' && call.path === '/campaign/c1') return jsonResponse({ id: 'c1', status: 'live', version: 8 });
      return jsonResponse({ detail: `unexpected ${call.method} ${call.path}` }, 500);
    }),
  );
  return calls;
}

function renderPanel() {
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <ContributorsPanel campaignId="c1" initiativeId="i1" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const toastMessages = () => useToastStore.getState().toasts.map((t) => `${t.kind}:${t.message}`);

describe('collaborators panel', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
    saveToken('tok', 't1');
  });

  it('checks the invite form with the contract messages, then invites and toasts the live-now message', async () => {
    let list: CampaignContributor[] = [];
    const calls = stub((c) => {
      if (c.path === '/contributor/campaignContributorList/c1') return jsonResponse(page(list));
      if (c.method === 'POST' && c.path === '/campaign/add-contributor') {
        // Lists never carry a link; only the invitation's answer does.
        list = [contributor()];
        return jsonResponse(
          {
            message: 'Collaborator successfully invited, and the campaign is now live',
            contributor: contributor({ inviteLink: 'http://localhost:3100/contributor/t1/c1?contributorId=k1&key=secret' }),
            campaignLive: true,
            mailed: true,
          },
          201,
        );
      }
      return undefined;
    });
    renderPanel();
    expect(await screen.findByText('No collaborators yet.')).toBeInTheDocument();
    const u = userEvent.setup();
    const submit = screen.getByRole('button', { name: 'Invite collaborator' });

    await u.click(submit);
    expect(await screen.findByText('First name is a required field')).toBeInTheDocument();
    expect(screen.getByText('Last name is a required field')).toBeInTheDocument();
    expect(screen.getByText('Please enter an email address')).toBeInTheDocument();

    await u.type(screen.getByLabelText('First name'), 'Jo');
    await u.type(screen.getByLabelText('Last name'), 'Doe😀');
    await u.type(screen.getByLabelText('Email'), 'not-an-email');
    await u.click(submit);
    expect(await screen.findByText('First name must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Last name must not contain special characters or emojis')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();

    await u.clear(screen.getByLabelText('Last name'));
    await u.type(screen.getByLabelText('Last name'), 'Doe$');
    await u.click(submit);
    expect(await screen.findByText('Last name must not contain special characters or emojis')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/campaign/add-contributor')).toBe(false);

    await u.clear(screen.getByLabelText('First name'));
    await u.type(screen.getByLabelText('First name'), ' Jane ');
    await u.clear(screen.getByLabelText('Last name'));
    await u.type(screen.getByLabelText('Last name'), 'Doerr');
    await u.clear(screen.getByLabelText('Email'));
    await u.type(screen.getByLabelText('Email'), 'jane@example.org');
    await u.click(submit);

    await waitFor(() =>
      expect(toastMessages()).toContain('success:Collaborator successfully invited, and the campaign is now live'),
    );
    expect(calls.find((c) => c.path === '/campaign/add-contributor')!.body).toEqual({
      campaignId: 'c1',
      firstName: 'Jane',
      lastName: 'Doerr',
      email: 'jane@example.org',
    });
    // The campaign is re-read (it may have gone live), and nothing failed.
    expect(calls.some((c) => c.method === 'GET' && c.path === '/campaign/c1')).toBe(true);
    expect(toastMessages().filter((t) => t.startsWith('error:'))).toEqual([]);
    const row = await screen.findByTestId('contributor-row');
    expect(within(row).getByText('Jane Doerr')).toBeInTheDocument();
    expect(within(row).getByTestId('contributor-status')).toHaveTextContent('Invited');
    // The form is emptied for the next one.
    expect(screen.getByLabelText('First name')).toHaveValue('');
    // The new link is shown (once: the list never holds it) with a "Copy link" button.
    const shown = screen.getByLabelText('Invitation link of Jane Doerr');
    expect(screen.getByRole('status')).toHaveTextContent('Jane Doerr was e-mailed their personal link (jane@example.org).');
    expect(shown).toHaveValue('http://localhost:3100/contributor/t1/c1?contributorId=k1&key=secret');
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await u.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(toastMessages()).toContain('success:Link copied to clipboard!'));
    expect(writeText).toHaveBeenCalledWith('http://localhost:3100/contributor/t1/c1?contributorId=k1&key=secret');
    await u.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByLabelText('Invitation link of Jane Doerr')).toBeNull();
    expect(screen.queryByText(/key=secret/)).toBeNull();
  });

  it('shows a server field error under its field, and a conflict as a toast', async () => {
    let answer = jsonResponse(
      {
        detail: 'Please enter a valid email address',
        errors: [{ field: 'email', message: 'Please enter a valid email address' }],
        requestId: 'req-1',
      },
      400,
    );
    stub((c) => {
      if (c.path === '/contributor/campaignContributorList/c1') return jsonResponse(page([]));
      if (c.path === '/campaign/add-contributor') return answer;
      return undefined;
    });
    renderPanel();
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText('First name'), 'Jane');
    await u.type(screen.getByLabelText('Last name'), 'Doerr');
    await u.type(screen.getByLabelText('Email'), 'jane@example.org');
    await u.click(screen.getByRole('button', { name: 'Invite collaborator' }));
    await waitFor(() => expect(toastMessages()).toContain('error:Please enter a valid email address'));
    const form = screen.getByRole('form', { name: 'Invite a collaborator' });
    expect(within(form).getByRole('alert')).toHaveTextContent('Please enter a valid email address');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');

    answer = jsonResponse({ detail: 'This collaborator is already invited to this campaign', requestId: 'req-2' }, 409);
    await u.click(screen.getByRole('button', { name: 'Invite collaborator' }));
    await waitFor(() => expect(toastMessages()).toContain('error:This collaborator is already invited to this campaign'));
    // The values stay so they can be corrected.
    expect(screen.getByLabelText('First name')).toHaveValue('Jane');
    expect(screen.queryByText('No collaborators yet.')).toBeInTheDocument();
  });

  it('shows the status badges, progress and submitted date', async () => {
    stub((c) => {
      if (c.path === '/contributor/campaignContributorList/c1')
        return jsonResponse(
          page([
            contributor(),
            contributor({
              contributorId: 'k2',
              fullName: 'Ann Active',
              status: 'activated',
              answeredCount: 2,
              submittedAt: '2026-11-21T09:00:00Z',
            }),
            contributor({ contributorId: 'k3', fullName: 'Sam Suspended', status: 'suspended' }),
            contributor({ contributorId: 'k4', fullName: 'Rey Revoked', linkRevoked: true, inviteLink: null }),
            contributor({ contributorId: 'k5', fullName: 'Ada Activated', status: 'activated', answeredCount: 1 }),
            contributor({
              contributorId: 'k6',
              fullName: 'Sue Submitted-Suspended',
              status: 'suspended',
              submittedAt: '2026-11-21T09:00:00Z',
            }),
          ]),
        );
      return undefined;
    });
    renderPanel();
    const rows = await screen.findAllByTestId('contributor-row');
    // Once they submitted, that is what the badge says; Suspended still wins.
    expect(rows.map((r) => within(r).getByTestId('contributor-status').textContent)).toEqual([
      'Invited',
      'Submitted',
      'Suspended',
      'Invited',
      'Activated',
      'Suspended',
    ]);
    expect(within(rows[3]!).getByTestId('contributor-link-revoked')).toHaveTextContent('Link revoked');
    expect(within(rows[0]!).queryByTestId('contributor-link-revoked')).toBeNull();
    expect(within(rows[1]!).getByTestId('contributor-progress')).toHaveTextContent('2/2 answered');
    expect(within(rows[1]!).getByTestId('contributor-submitted')).toHaveTextContent('21 Nov 2026');
    expect(within(rows[0]!).getByTestId('contributor-submitted')).toHaveTextContent('Not yet');
    // Suspended shows Resume; a revoked link cannot be revoked again, but a new one can be made.
    expect(within(rows[2]!).getByRole('button', { name: 'Resume Sam Suspended' })).toBeInTheDocument();
    expect(within(rows[3]!).getByRole('button', { name: 'Copy a new link for Rey Revoked' })).toBeEnabled();
    expect(within(rows[3]!).queryByRole('button', { name: 'Revoke link of Rey Revoked' })).toBeNull();
  });

  it('puts the main actions first and sets the destructive ones apart, in danger colours', async () => {
    stub((c) => {
      if (c.path === '/contributor/campaignContributorList/c1') return jsonResponse(page([contributor()]));
      return undefined;
    });
    renderPanel();
    const main = await screen.findByRole('group', { name: 'Actions for Jane Doerr' });
    const danger = screen.getByRole('group', { name: 'Access and recordings of Jane Doerr' });
    // Answers is the one filled button of the row.
    expect(within(main).getByRole('button', { name: 'Answers of Jane Doerr' })).toHaveClass('bg-primary');
    expect(within(main).getByRole('link', { name: 'Response editor for Jane Doerr' })).toBeInTheDocument();
    expect(within(main).getByRole('button', { name: 'Copy a new link for Jane Doerr' })).toBeInTheDocument();
    const destructive = ['Suspend Jane Doerr', 'Revoke link of Jane Doerr', 'Delete videos of Jane Doerr', 'Remove Jane Doerr'];
    for (const name of destructive) {
      expect(within(main).queryByRole('button', { name })).toBeNull();
      expect(within(danger).getByRole('button', { name })).toHaveClass('text-danger');
    }
  });

  it('"Copy a new link" explains itself behind the 5 s lock, re-invites, and copies the link the answer carries', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const NEW_LINK = 'http://localhost:3100/contributor/t1/c1?contributorId=k1&key=fresh-key';
    let current = contributor({ linkRevoked: true });
    const calls = stub((c) => {
      if (c.path === '/contributor/campaignContributorList/c1') return jsonResponse(page([current]));
      if (c.method === 'POST' && c.path === '/contributor/reinvite') {
        current = { ...current, linkRevoked: false };
        return jsonResponse({ message: 'Invitation sent again successfully', mailed: true, contributor: { ...current, inviteLink: NEW_LINK } });
      }
      return undefined;
    });
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Copy a new link for Jane Doerr' }));
    const dialog = screen.getByRole('dialog', { name: 'Copy a new link?', hidden: true });
    expect(dialog).toHaveTextContent('gets the new link by e-mail, and the previous one stops working');
    // Nothing happens before the confirmation.
    expect(calls.some((c) => c.path === '/contributor/reinvite')).toBe(false);
    const confirm = within(dialog).getByRole('button', { name: 'Copy a new link', hidden: true });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect(confirm).toHaveAttribute('data-locked', 'true');

    await waitFor(() => expect(toastMessages()).toContain('success:Link copied to clipboard!'));
    const reinvites = calls.filter((c) => c.path === '/contributor/reinvite');
    expect(reinvites).toHaveLength(1);
    expect(reinvites[0]!.body).toEqual({ campaignId: 'c1', contributorId: 'k1' });
    expect(writeText).toHaveBeenCalledTimes(1);
    expect(writeText).toHaveBeenCalledWith(NEW_LINK);
    // Only the copy is announced; the dialog closes; the row follows (no longer revoked).
    expect(toastMessages()).toEqual(['success:Link copied to clipboard!']);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Copy a new link?', hidden: true })).toBeNull());
    await waitFor(() => expect(screen.queryByText('Link revoked')).toBeNull());
  });

  it('shows the new link to copy by hand when the browser refuses to copy it', async () => {
    const NEW_LINK = 'http://localhost:3100/contributor/t1/c1?contributorId=k1&key=fresh-key';
    stub((c) => {
      if (c.path === '/contributor/campaignContributorList/c1') return jsonResponse(page([contributor()]));
      if (c.path === '/contributor/reinvite')
        return jsonResponse({ message: 'Invitation sent again successfully', mailed: true, contributor: contributor({ inviteLink: NEW_LINK }) });
      return undefined;
    });
    renderPanel();
    const u = userEvent.setup();
    // After userEvent.setup (which puts its own clipboard in place).
    const writeText = vi.fn(async () => {
      throw new DOMException('Document is not focused.', 'NotAllowedError');
    });
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await u.click(await screen.findByRole('button', { name: 'Copy a new link for Jane Doerr' }));
    const dialog = screen.getByRole('dialog', { name: 'Copy a new link?', hidden: true });
    await u.click(within(dialog).getByRole('button', { name: 'Copy a new link', hidden: true }));
    await waitFor(() => expect(within(dialog).getByLabelText('New link of Jane Doerr')).toHaveValue(NEW_LINK));
    expect(writeText).toHaveBeenCalledWith(NEW_LINK);
    expect(toastMessages()).toContain('error:The link could not be copied. Please copy it by hand.');
    expect(within(dialog).getByRole('button', { name: 'Copy link', hidden: true })).toBeInTheDocument();
  });

  it('suspends, revokes and re-invites with the server messages', async () => {
    let current = contributor();
    const calls = stub((c) => {
      if (c.path === '/contributor/campaignContributorList/c1') return jsonResponse(page([current]));
      if (c.method === 'PUT' && c.path === '/contributor/update/k1') {
        current = { ...current, status: 'suspended' };
        return jsonResponse({ message: 'Collaborator suspended successfully', contributor: {} });
      }
      if (c.path === '/contributor/revoke') {
        current = { ...current, linkRevoked: true, inviteLink: null };
        return jsonResponse({ message: 'Invitation revoked successfully' });
      }
      if (c.path === '/contributor/reinvite') {
        current = { ...current, linkRevoked: false, inviteLink: 'http://x/contributor/t1/c1?contributorId=k1&key=new' };
        return jsonResponse({ message: 'Invitation sent again successfully', mailed: true, contributor: current });
      }
      return undefined;
    });
    renderPanel();
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Suspend Jane Doerr' }));
    await waitFor(() => expect(toastMessages()).toContain('success:Collaborator suspended successfully'));
    expect(calls.find((c) => c.path === '/contributor/update/k1')!.body).toEqual({ isSuspended: true });
    expect(await screen.findByRole('button', { name: 'Resume Jane Doerr' })).toBeInTheDocument();

    await u.click(screen.getByRole('button', { name: 'Revoke link of Jane Doerr' }));
    // Asked first: nothing is revoked until it is confirmed.
    const confirm = await screen.findByRole('dialog', { name: 'Revoke invitation link?' });
    expect(calls.some((c) => c.path === '/contributor/revoke')).toBe(false);
    await u.click(within(confirm).getByRole('button', { name: 'Revoke link' }));
    await waitFor(() => expect(toastMessages()).toContain('success:Invitation revoked successfully'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.path === '/contributor/revoke')!.body).toEqual({ campaignId: 'c1', contributorId: 'k1' });
    expect(await screen.findByText('Link revoked')).toBeInTheDocument();

    await u.click(screen.getByRole('button', { name: 'Re-invite Jane Doerr' }));
    await waitFor(() => expect(toastMessages()).toContain('success:Invitation sent again successfully'));
    await waitFor(() => expect(screen.queryByText('Link revoked')).toBeNull());
  });

  it('pages through collaborators and their answers: "Show more" reads the next page from the cursor', async () => {
    const people = Array.from({ length: 12 }, (_, i) =>
      contributor({ contributorId: `k${i + 1}`, fullName: `Person ${String.fromCharCode(65 + i)}`, email: `p${i + 1}@example.org` }),
    );
    const answersOf = (c: CampaignContributor): ContributorAnswers => ({
      contributor: c,
      answers: [
        {
          campaignQuestionId: 'cq1',
          question: 'Who are you?',
          sequence: 1,
          uploadStatus: c.contributorId === 'k11' ? 'stored' : 'none',
          reviewStatus: c.contributorId === 'k11' ? 'new' : null,
          failureReason: null,
          sentForReRecording: false,
          video: null,
        },
      ],
    });
    const calls = stub((c) => {
      const cursor = new URLSearchParams(c.search).get('cursor');
      const slice = cursor === 'after-k10' ? people.slice(10) : cursor === null ? people.slice(0, 10) : undefined;
      if (!slice) return jsonResponse({ detail: `bad cursor ${cursor}`, requestId: 'r' }, 400);
      const next = cursor === null ? 'after-k10' : null;
      if (c.path === '/contributor/campaignContributorList/c1') return jsonResponse(page(slice, next));
      if (c.path === '/contributor/c1/all') return jsonResponse(page(slice.map(answersOf), next));
      if (c.method === 'PUT' && c.path === '/contributor/update/k11')
        return jsonResponse({ message: 'Collaborator suspended successfully', contributor: {} });
      return undefined;
    });
    renderPanel();
    const u = userEvent.setup();
    await waitFor(() => expect(screen.getAllByTestId('contributor-row')).toHaveLength(10));
    expect(screen.queryByText('Person K')).toBeNull();
    const lists = () => calls.filter((c) => c.path === '/contributor/campaignContributorList/c1');
    const answerCalls = () => calls.filter((c) => c.path === '/contributor/c1/all');
    expect(lists().map((c) => c.search)).toEqual(['']);
    await waitFor(() => expect(answerCalls().map((c) => c.search)).toEqual(['']));

    await u.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(screen.getAllByTestId('contributor-row')).toHaveLength(12));
    const rows = screen.getAllByTestId('contributor-row');
    expect(within(rows[10]!).getByText('Person K')).toBeInTheDocument();
    expect(within(rows[11]!).getByText('Person L')).toBeInTheDocument();
    expect(lists().map((c) => c.search)).toEqual(['', '?cursor=after-k10']);
    // The second page's answers are read from the same cursor, once; the first page's are not read again.
    await waitFor(() => expect(answerCalls().map((c) => c.search)).toEqual(['', '?cursor=after-k10']));
    // The last page: no more to show.
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();

    // The answers of someone on the second page are there.
    await u.click(within(rows[10]!).getByRole('button', { name: 'Answers of Person K' }));
    expect(within(rows[10]!).getByTestId('answer-status')).toHaveTextContent('Stored');
    expect(within(rows[10]!).getByRole('button', { name: 'Delete videos of Person K' })).toBeEnabled();

    // A change re-reads every page loaded so far, each from its cursor.
    await u.click(within(rows[10]!).getByRole('button', { name: 'Suspend Person K' }));
    await waitFor(() => expect(toastMessages()).toContain('success:Collaborator suspended successfully'));
    await waitFor(() => expect(lists().map((c) => c.search)).toEqual(['', '?cursor=after-k10', '', '?cursor=after-k10']));
    await waitFor(() =>
      expect(answerCalls().map((c) => c.search).sort()).toEqual(['', '', '?cursor=after-k10', '?cursor=after-k10']),
    );
    expect(screen.getAllByTestId('contributor-row')).toHaveLength(12);
    expect(toastMessages().filter((t) => t.startsWith('error:'))).toEqual([]);
  });

  it('removes a collaborator keeping or deleting their recordings, behind the 5 s lock', async () => {
    const calls = stub((c) => {
      if (c.path === '/contributor/campaignContributorList/c1') return jsonResponse(page([contributor()]));
      if (c.method === 'DELETE' && c.path === '/campaign/remove-contributor/c1/k1')
        return jsonResponse({ message: 'Collaborator removed successfully' });
      return undefined;
    });
    renderPanel();
    const u = userEvent.setup();

    // Keep (the default).
    await u.click(await screen.findByRole('button', { name: 'Remove Jane Doerr' }));
    let dialog = screen.getByRole('dialog', { name: 'Remove collaborator?', hidden: true });
    expect(within(dialog).getByLabelText('Keep their recordings')).toBeChecked();
    expect(within(dialog).getByLabelText('Delete their recordings too')).not.toBeChecked();
    const confirm = within(dialog).getByRole('button', { name: 'Remove collaborator', hidden: true });
    await u.click(confirm);
    await waitFor(() => expect(toastMessages()).toContain('success:Collaborator removed successfully'));
    const removes = () => calls.filter((c) => c.path === '/campaign/remove-contributor/c1/k1');
    expect(removes()).toHaveLength(1);
    expect(removes()[0]!.search).toBe('?deleteJourney=false');

    // Delete too.
    await u.click(screen.getByRole('button', { name: 'Remove Jane Doerr' }));
    dialog = screen.getByRole('dialog', { name: 'Remove collaborator?', hidden: true });
    await u.click(within(dialog).getByLabelText('Delete their recordings too'));
    expect(within(dialog).getByText(/This cannot be undone/)).toBeInTheDocument();
    await u.click(within(dialog).getByRole('button', { name: 'Remove collaborator', hidden: true }));
    await waitFor(() => expect(removes()).toHaveLength(2));
    expect(removes()[1]!.search).toBe('?deleteJourney=true');
  });

  it('locks the remove confirmation for 5 s after a click', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = stub((c) => {
      if (c.path === '/contributor/campaignContributorList/c1') return jsonResponse(page([contributor()]));
      if (c.path.startsWith('/campaign/remove-contributor/')) return new Promise<Response>(() => {}) as never;
      return undefined;
    });
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Jane Doerr' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove collaborator?', hidden: true });
    const confirm = within(dialog).getByRole('button', { name: 'Remove collaborator', hidden: true });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await act(async () => {
      await Promise.resolve();
    });
    expect(confirm).toHaveAttribute('data-locked', 'true');
    await waitFor(() => expect(calls.filter((c) => c.path.startsWith('/campaign/remove-contributor/'))).toHaveLength(1));
  });

  it("shows each answer's state and review, plays stored videos; sends chosen questions back", async () => {
    const storedVideo = {
      key: 't1/i1/c1/k1/1-recorded_video.mp4',
      url: 'https://bucket.example/video.mp4?X-Amz-Signature=abc',
      durationSeconds: 75,
      sizeBytes: 2 * 1024 * 1024,
      width: 1280,
      height: 720,
      container: 'mp4',
      deviceType: 'Mobile',
      uploadedAt: '2026-11-21T09:00:00Z',
    };
    const answers: ContributorAnswers[] = [
      {
        contributor: contributor({ status: 'activated', answeredCount: 1 }),
        answers: [
          {
            campaignQuestionId: 'cq2',
            question: 'What do you do?',
            sequence: 2,
            uploadStatus: 'failed',
            failureReason: 'The file is not a video',
            sentForReRecording: false,
            video: null,
          },
          {
            campaignQuestionId: 'cq1',
            question: 'Who are you?',
            sequence: 1,
            uploadStatus: 'stored',
            reviewStatus: 'new',
            failureReason: null,
            sentForReRecording: false,
            video: storedVideo,
          },
          {
            campaignQuestionId: 'cq3',
            question: 'Why?',
            sequence: 3,
            uploadStatus: 'none',
            reviewStatus: null,
            failureReason: null,
            sentForReRecording: true,
            video: null,
          },
          {
            campaignQuestionId: 'cq4',
            question: 'What next?',
            sequence: 4,
            uploadStatus: 'stored',
            reviewStatus: 'approved',
            failureReason: null,
            sentForReRecording: false,
            video: { ...storedVideo, key: 't1/i1/c1/k1/4-recorded_video.mp4' },
          },
          {
            campaignQuestionId: 'cq5',
            question: 'Anything else?',
            sequence: 5,
            uploadStatus: 'stored',
            reviewStatus: 'sentBack',
            failureReason: null,
            sentForReRecording: true,
            video: { ...storedVideo, key: 't1/i1/c1/k1/5-recorded_video.mp4' },
          },
        ],
      },
    ];
    const calls = stub((c) => {
      if (c.path === '/contributor/campaignContributorList/c1') return jsonResponse(page([answers[0]!.contributor]));
      if (c.path === '/contributor/c1/all') return jsonResponse(page(answers));
      if (c.path === '/contributor-journey/re-record') return jsonResponse({ message: 'Sent back for re-recording successfully' });
      return undefined;
    });
    const { container } = renderPanel();
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Answers of Jane Doerr' }));
    const items = await screen.findAllByTestId('contributor-answer');
    expect(items.map((i) => within(i).getByTestId('answer-status').textContent)).toEqual([
      'Stored',
      'Failed',
      'Not recorded',
      'Stored',
      'Stored',
    ]);
    // The review badge next to each stored take; none without a take.
    expect(items.map((i) => within(i).queryByTestId('review-status')?.textContent ?? null)).toEqual([
      'New',
      null,
      null,
      'Approved',
      'Sent back',
    ]);
    const video = container.querySelector('video')!;
    expect(video).toHaveAttribute('src', 'https://bucket.example/video.mp4?X-Amz-Signature=abc');
    expect(video).toHaveAttribute('controls');
    expect(within(items[0]!).getByText(/1:15 · Mobile/)).toBeInTheDocument();
    expect(within(items[1]!).getByText('The file is not a video')).toBeInTheDocument();
    expect(within(items[2]!).getByText('Sent back for re-recording')).toBeInTheDocument();

    await u.click(screen.getByRole('button', { name: 'Re-record answers of Jane Doerr' }));
    const dialog = screen.getByRole('dialog', { name: 'Send back for re-recording', hidden: true });
    // Sending back e-mails a new link: the dialog says so.
    expect(dialog).toHaveTextContent('They get an e-mail with a new link, and the previous link stops working');
    const send = within(dialog).getByRole('button', { name: 'Send back', hidden: true });
    expect(send).toBeDisabled();
    await u.click(within(dialog).getByLabelText(/Who are you\?/));
    await u.click(send);
    await waitFor(() => expect(toastMessages()).toContain('success:Sent back for re-recording successfully'));
    expect(calls.find((c) => c.path === '/contributor-journey/re-record')!.body).toEqual({
      campaignId: 'c1',
      contributorId: 'k1',
      campaignQuestionIds: ['cq1'],
    });
  });

  it('approves a stored answer next to sending it back, and links the answers to the response editor', async () => {
    const storedVideo = { key: 'k', url: 'https://bucket.example/v.mp4', durationSeconds: 5, sizeBytes: 10 };
    let review: 'new' | 'approved' = 'new';
    const answersPage = () =>
      page([
        {
          contributor: contributor({ status: 'activated', answeredCount: 1 }),
          answers: [
            { campaignQuestionId: 'cq1', question: 'Who are you?', sequence: 1, uploadStatus: 'stored', reviewStatus: review, failureReason: null, sentForReRecording: false, video: storedVideo },
            { campaignQuestionId: 'cq2', question: 'Why?', sequence: 2, uploadStatus: 'none', reviewStatus: null, failureReason: null, sentForReRecording: false, video: null },
          ],
        },
      ]);
    const calls = stub((c) => {
      if (c.path === '/contributor/campaignContributorList/c1') return jsonResponse(page([contributor({ status: 'activated' })]));
      if (c.path === '/contributor/c1/all') return jsonResponse(answersPage());
      if (c.path === '/campaign/answer-review') {
        review = (c.body as { status: 'new' | 'approved' }).status;
        return jsonResponse({ message: 'Review saved' });
      }
      return undefined;
    });
    renderPanel();
    const u = userEvent.setup();
    expect(await screen.findByRole('link', { name: 'Response editor for Jane Doerr' })).toHaveAttribute(
      'href',
      '/campaign/c1/response-editor/k1',
    );
    await u.click(await screen.findByRole('button', { name: 'Answers of Jane Doerr' }));
    // Only a stored take can be reviewed.
    expect(await screen.findAllByRole('button', { name: /^Approve answer/ })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Open in editor: answer 1 of Jane Doerr' })).toHaveAttribute(
      'href',
      '/campaign/c1/response-editor/k1?answer=cq1',
    );
    await u.click(screen.getByRole('button', { name: 'Approve answer 1 of Jane Doerr' }));
    await waitFor(() => expect(toastMessages()).toContain('success:Review saved'));
    expect(calls.find((c) => c.path === '/campaign/answer-review')!.body).toEqual({
      campaignId: 'c1',
      contributorId: 'k1',
      journeyId: 'cq1',
      status: 'approved',
    });
    // The list is read again: the answer now shows Approved and can be marked new.
    expect(await screen.findByRole('button', { name: 'Mark as new answer 1 of Jane Doerr' })).toBeInTheDocument();
    expect(screen.getAllByTestId('review-status')[0]).toHaveTextContent('Approved');
  });

  it('deletes only the videos, with the initiative in the path', async () => {
    const calls = stub((c) => {
      if (c.path === '/contributor/campaignContributorList/c1') return jsonResponse(page([contributor()]));
      if (c.path === '/contributor/c1/all')
        return jsonResponse(
          page([
            {
              contributor: contributor(),
              answers: [
                {
                  campaignQuestionId: 'cq1',
                  question: 'Who are you?',
                  sequence: 1,
                  uploadStatus: 'stored',
                  failureReason: null,
                  sentForReRecording: false,
                  video: null,
                },
              ],
            },
          ]),
        );
      if (c.method === 'DELETE' && c.path === '/contributor/i1/c1/k1/videos') return jsonResponse({ message: 'Videos deleted successfully' });
      return undefined;
    });
    renderPanel();
    const u = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Delete videos of Jane Doerr' });
    await waitFor(() => expect(button).toBeEnabled());
    await u.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Delete videos?', hidden: true });
    await u.click(within(dialog).getByRole('button', { name: 'Delete videos', hidden: true }));
    await waitFor(() => expect(toastMessages()).toContain('success:Videos deleted successfully'));
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/contributor/i1/c1/k1/videos')).toBe(true);
  });

  it('shows the poster of each ready answer as its thumbnail', async () => {
    const storedVideo = { key: 'k', url: 'https://bucket.example/v.mp4', durationSeconds: 5, sizeBytes: 10 };
    const ready = { status: 'ready', transcriptStatus: 'ready' } as const;
    stub((c) => {
      if (c.path === '/contributor/campaignContributorList/c1') return jsonResponse(page([contributor({ status: 'activated' })]));
      if (c.path === '/contributor/c1/all')
        return jsonResponse(
          page([
            {
              contributor: contributor({ status: 'activated', answeredCount: 2 }),
              answers: [
                { campaignQuestionId: 'cq1', question: 'Who are you?', sequence: 1, uploadStatus: 'stored', reviewStatus: 'new', failureReason: null, sentForReRecording: false, video: storedVideo, media: ready },
                { campaignQuestionId: 'cq2', question: 'Why?', sequence: 2, uploadStatus: 'stored', reviewStatus: 'new', failureReason: null, sentForReRecording: false, video: storedVideo, media: { ...ready, status: 'processing' } },
                { campaignQuestionId: 'cq3', question: 'How?', sequence: 3, uploadStatus: 'none', reviewStatus: null, failureReason: null, sentForReRecording: false, video: null, media: null },
              ],
            },
          ]),
        );
      if (c.path === '/campaign/video-info/c1/k1/cq1') return jsonResponse({ posterUrl: 'https://bucket.example/cq1.jpg' });
      return undefined;
    });
    renderPanel();
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Answers of Jane Doerr' }));
    const items = await screen.findAllByTestId('contributor-answer');
    const thumbnail = await within(items[0]!).findByRole('img', { name: 'Thumbnail of answer 1' });
    expect(thumbnail).toHaveAttribute('src', 'https://bucket.example/cq1.jpg');
    // The player shows the same frame until it is played.
    expect(within(items[0]!).getByLabelText('Answer to "Who are you?"')).toHaveAttribute('poster', 'https://bucket.example/cq1.jpg');
    // No poster yet while the take is processed, nor without a take.
    expect(within(items[1]!).queryByRole('img')).toBeNull();
    expect(within(items[2]!).queryByRole('img')).toBeNull();
  });

  it('reminds all who have not submitted, locks the button, says how many; shows who unsubscribed', async () => {
    const calls = stub((call) => {
      if (call.path === '/contributor/campaignContributorList/c1')
        return jsonResponse(page([contributor(), contributor({ contributorId: 'k2', fullName: 'Uma Unsub', unsubscribed: true })]));
      if (call.method === 'POST' && call.path === '/contributor/remind-all')
        return jsonResponse({ message: '1 collaborator was reminded', reminded: 1 });
      return undefined;
    });
    renderPanel();
    const user = userEvent.setup();
    const rows = await screen.findAllByTestId('contributor-row');
    expect(within(rows[1]!).getByTestId('contributor-unsubscribed')).toHaveTextContent('Unsubscribed');
    expect(within(rows[0]!).queryByTestId('contributor-unsubscribed')).toBeNull();

    const remind = screen.getByRole('button', { name: 'Remind all who have not submitted' });
    await user.click(remind);
    await waitFor(() => expect(toastMessages()).toContain('success:1 collaborator was reminded'));
    expect(calls.filter((c) => c.path === '/contributor/remind-all').map((c) => c.body)).toEqual([{ campaignId: 'c1' }]);
    expect(remind).toBeDisabled();
  });
});
