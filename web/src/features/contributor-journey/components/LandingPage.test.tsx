import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ContributorApp } from '@/app/contributor/ContributorApp';
import { makeContributorCampaign } from '@/testing/fixtures';
import { contributorFetch } from '../api/contributor-client';
import { clearResources } from '../api/resource';
import { useContributorStore } from '../store';
import type { Journey } from '../types';

let reRecording: boolean;

beforeEach(() => {
  reRecording = false;
  clearResources();
  useContributorStore.getState().reset();
  const campaign = { ...makeContributorCampaign(), submitted: true, startedJourney: true };
  contributorFetch.fetch = async (input) => {
    const url = String(input);
    if (url.includes('/contributor-journey/')) {
      const journey: Journey = { tenantId: 't1', campaignId: 'c1', contributorId: 'p1', submitted: true, reRecording, questions: [] };
      return Response.json(journey);
    }
    return Response.json(campaign);
  };
  window.history.replaceState(null, '', '/contributor/t1/c1?contributorId=p1&key=the-key');
});

afterEach(() => {
  contributorFetch.fetch = (input, init) => globalThis.fetch(input, init);
  window.history.replaceState(null, '', '/');
});

describe('reopening the link after submitting', () => {
  it("says \"You've submitted, thank you\" and offers the answers instead of a new start", async () => {
    render(<ContributorApp />);
    expect(await screen.findByRole('heading', { level: 1, name: "You've submitted, thank you" })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Get started|Continue your journey/ })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'See your answers' }));
    expect(window.location.pathname).toBe('/contributor-journey');
  });

  it('starts again when staff sent answers back', async () => {
    reRecording = true;
    render(<ContributorApp />);
    expect(await screen.findByRole('button', { name: 'Continue your journey' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: "You've submitted, thank you" })).not.toBeInTheDocument();
  });
});
