import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { saveToken } from '@/lib/storage';
import { jsonResponse } from '@/testing/fixtures';
import type { Consent } from '../api/contract';
import { stubApi } from '../testing/fake-api';
import { CONSENT_TEXT, ConsentPanel } from './ConsentPanel';

const given: Consent = { contributorId: 'k1', withdrawn: false, withdrawnAt: null, recordedBy: null, note: null, takenDown: [] };
const withdrawn: Consent = {
  contributorId: 'k1',
  withdrawn: true,
  withdrawnAt: '2026-11-28T12:00:00Z',
  recordedBy: 'staff',
  note: 'Phoned on Friday',
  takenDown: [{ publicationId: 'p1', title: 'My first year', takenDownAt: '2026-11-28T12:00:30Z' }],
};

const wrap = (canEdit = true) =>
  render(
    <QueryClientProvider client={queryClient}>
      <ConsentPanel contributorId="k1" name="Amal Kaur" canEdit={canEdit} />
    </QueryClientProvider>,
  );

describe("a collaborator's consent, as staff see it", () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
    saveToken('tok', 't1');
  });

  it('records a withdrawal received by other means, with its note, after the locked confirmation', async () => {
    let state = given;
    const calls = stubApi((call) => {
      if (call.method === 'GET' && call.path === '/consent/k1') return jsonResponse(state);
      if (call.method === 'POST' && call.path === '/consent-withdrawals') {
        state = withdrawn;
        return jsonResponse(withdrawn);
      }
      return undefined;
    });
    wrap();
    expect(await screen.findByTestId('consent-given')).toHaveTextContent(CONSENT_TEXT.given);
    fireEvent.click(screen.getByRole('button', { name: `${CONSENT_TEXT.record} for Amal Kaur` }));
    const dialog = await screen.findByRole('dialog', { name: CONSENT_TEXT.record });
    expect(dialog).toHaveTextContent('Only Amal Kaur can give it again');
    fireEvent.change(within(dialog).getByLabelText(CONSENT_TEXT.note), { target: { value: '  Phoned on Friday ' } });
    const confirm = within(dialog).getByRole('button', { name: 'Record the withdrawal' });
    fireEvent.click(confirm);
    expect(confirm).toBeDisabled();
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ contributorId: 'k1', note: 'Phoned on Friday' }),
    );
    expect(await screen.findByTestId('consent-withdrawn')).toBeInTheDocument();
    expect(screen.getByTestId('consent-taken-down')).toHaveTextContent('My first year');
    expect(screen.getByText('Note: Phoned on Friday')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Record a consent withdrawal/ })).not.toBeInTheDocument();
  });

  it('sends no note when none is written, and shows a coordinator the state without the action', async () => {
    const calls = stubApi((call) => {
      if (call.path === '/consent/k1') return jsonResponse(given);
      if (call.path === '/consent-withdrawals') return jsonResponse({ ...withdrawn, note: null });
      return undefined;
    });
    const { unmount } = wrap();
    fireEvent.click(await screen.findByRole('button', { name: `${CONSENT_TEXT.record} for Amal Kaur` }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Record the withdrawal' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ contributorId: 'k1' }));
    unmount();
    queryClient.clear();
    stubApi((call) => (call.path === '/consent/k1' ? jsonResponse(given) : undefined));
    wrap(false);
    expect(await screen.findByTestId('consent-given')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Record a consent withdrawal/ })).not.toBeInTheDocument();
  });

  it('says who withdrew and what was taken down', async () => {
    stubApi((call) => (call.path === '/consent/k1' ? jsonResponse({ ...withdrawn, recordedBy: 'collaborator', note: null }) : undefined));
    wrap();
    const state = await screen.findByTestId('consent-withdrawn');
    expect(state.parentElement).toHaveTextContent(CONSENT_TEXT.byCollaborator);
    expect(screen.getByTestId('consent-taken-down')).toHaveTextContent('My first year');
  });
});
