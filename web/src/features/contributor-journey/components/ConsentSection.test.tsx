import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ContributorApp } from '@/app/contributor/ContributorApp';
import { contributorFetch } from '../api/contributor-client';
import { clearResources } from '../api/resource';
import { makeContributorCampaign } from '../fixtures';
import { useContributorStore } from '../store';
import type { ContributorOrganisation } from '../types';
import { CONSENT_TEXT } from './ConsentSection';
import { termsRequired } from './OrganisationIntro';

type Sent = { method: string; path: string; body: Record<string, unknown> | null };

/** The collaborator's server: the landing's campaign, whose organisation block follows withdraw and accept. */
function serve(organisation: ContributorOrganisation, submitted = false) {
  const sent: Sent[] = [];
  let org = organisation;
  contributorFetch.fetch = async (input, init) => {
    const url = new URL(String(input), window.location.origin);
    const path = url.pathname.replace(/^\/api/, '');
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null;
    sent.push({ method: init?.method ?? 'GET', path, body });
    if (path === '/contributor/withdraw-consent') {
      org = { ...org, consentWithdrawn: true, termsAccepted: !org.termsNConditions };
      return Response.json({ message: 'Your consent is withdrawn. Your published videos were taken down.' });
    }
    if (path === '/contributor/accept-terms') {
      org = { ...org, consentWithdrawn: false, termsAccepted: true };
      return Response.json(org);
    }
    if (path.startsWith('/contributor-journey/')) {
      return Response.json({ tenantId: 't1', campaignId: 'c1', contributorId: 'p1', submitted, reRecording: false, questions: [] });
    }
    const base = makeContributorCampaign([{ questionId: 'q1', question: 'Who are you?', sequence: 1 }]);
    return Response.json({
      ...base,
      submitted,
      startedJourney: submitted,
      contributor: { ...base.contributor, firstName: 'Amal', lastName: 'Kaur', isDetailSubmitted: true },
      campaign: { ...base.campaign, companyName: 'Acme Films' },
      organisation: org,
    });
  };
  return sent;
}

beforeEach(() => {
  clearResources();
  useContributorStore.getState().reset();
  window.history.replaceState(null, '', '/contributor/t1/c1?contributorId=p1&key=the-key');
});

afterEach(() => {
  contributorFetch.fetch = (input, init) => globalThis.fetch(input, init);
  window.history.replaceState(null, '', '/');
});

describe("the collaborator's consent on their link", () => {
  it('withdraws only after the locked confirmation, then says so and asks for the terms again', async () => {
    const sent = serve({ termsAccepted: true, consentWithdrawn: false, termsVersion: 3, termsNConditions: 'https://s3.example/terms.pdf' });
    render(<ContributorApp />);
    const section = await screen.findByTestId('consent-section');
    fireEvent.click(within(section).getByRole('button', { name: CONSENT_TEXT.withdraw }));
    let dialog = await screen.findByRole('dialog', { name: CONSENT_TEXT.dialogTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sent.some((s) => s.path === '/contributor/withdraw-consent')).toBe(false);

    fireEvent.click(within(section).getByRole('button', { name: CONSENT_TEXT.withdraw }));
    dialog = await screen.findByRole('dialog', { name: CONSENT_TEXT.dialogTitle });
    const confirm = within(dialog).getByRole('button', { name: CONSENT_TEXT.withdraw });
    fireEvent.click(confirm);
    // The confirm lock: a second press cannot send it twice.
    expect(confirm).toBeDisabled();
    await act(async () => void fireEvent.click(confirm));
    expect(await screen.findByText(CONSENT_TEXT.withdrawn)).toBeInTheDocument();
    expect(sent.filter((s) => s.path === '/contributor/withdraw-consent').map((s) => s.body)).toEqual([
      { tenantId: 't1', campaignId: 'c1', contributorId: 'p1' },
    ]);
    // Given back only by accepting the terms again, as for new terms.
    expect(await screen.findByText(CONSENT_TEXT.againWithTerms)).toBeInTheDocument();
    expect(screen.queryByTestId('terms-accepted')).not.toBeInTheDocument();
    const accept = screen.getByRole('checkbox', { name: 'I have read and accept the terms and conditions.' });
    fireEvent.click(screen.getByRole('checkbox', { name: /I agree to be recorded/ }));
    fireEvent.click(screen.getAllByRole('button', { name: 'Get started' }).at(-1)!);
    expect(await screen.findByText(termsRequired())).toBeInTheDocument();
    fireEvent.click(accept);
    fireEvent.click(screen.getAllByRole('button', { name: 'Get started' }).at(-1)!);
    await waitFor(() => expect(sent.find((s) => s.path === '/contributor/accept-terms')?.body).toMatchObject({ version: 3 }));
  });

  it('gives consent again with "Give my consent again" (version 0) when the organisation has no terms', async () => {
    const sent = serve({ termsAccepted: true, termsVersion: 0, consentWithdrawn: true });
    render(<ContributorApp />);
    const section = await screen.findByTestId('consent-section');
    expect(section).toHaveTextContent(CONSENT_TEXT.withdrawnBefore);
    fireEvent.click(within(section).getByRole('button', { name: CONSENT_TEXT.again }));
    await waitFor(() => expect(sent.find((s) => s.path === '/contributor/accept-terms')?.body).toMatchObject({ version: 0 }));
    expect(await within(section).findByRole('button', { name: CONSENT_TEXT.withdraw })).toBeInTheDocument();
  });

  it('is offered after submitting too, where the terms are accepted in the section itself', async () => {
    const sent = serve({ termsAccepted: false, termsVersion: 2, termsNConditions: 'https://s3.example/terms.pdf', consentWithdrawn: true }, true);
    render(<ContributorApp />);
    expect(await screen.findByRole('heading', { level: 1, name: "You've submitted, thank you" })).toBeInTheDocument();
    const section = screen.getByTestId('consent-section');
    fireEvent.click(within(section).getByRole('button', { name: CONSENT_TEXT.again }));
    expect(await within(section).findByText(termsRequired())).toBeInTheDocument();
    expect(sent.some((s) => s.path === '/contributor/accept-terms')).toBe(false);
    fireEvent.click(within(section).getByRole('checkbox'));
    fireEvent.click(within(section).getByRole('button', { name: CONSENT_TEXT.again }));
    await waitFor(() => expect(sent.find((s) => s.path === '/contributor/accept-terms')?.body).toMatchObject({ version: 2 }));
  });
});
