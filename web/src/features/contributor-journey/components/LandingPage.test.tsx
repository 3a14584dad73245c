import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ContributorApp } from '@/app/contributor/ContributorApp';
import { formatDeadline } from './LandingPage';
import { makeContributorCampaign } from '../fixtures';
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

describe('the landing page says what people decide on', () => {
  it('names who asks, how long it takes and by when, what to prepare, and how to begin at the top', async () => {
    const value = makeContributorCampaign([
      { questionId: 'q1', question: 'Who are you?', sequence: 1 },
      { questionId: 'q2', question: 'What do you do?', sequence: 2 },
    ]);
    const campaign = {
      ...value,
      submitted: false,
      startedJourney: false,
      campaign: {
        ...value.campaign,
        companyName: 'Acme Films',
        deadline: '2030-06-01',
        estimatedMinutes: 4,
        script: '<p>Think of one morning at the harbour.</p>',
      },
    };
    contributorFetch.fetch = async () => Response.json(campaign);
    render(<ContributorApp />);
    expect(await screen.findByText('Acme Films invites you to share your story')).toBeInTheDocument();
    const glance = screen.getByRole('list', { name: 'At a glance' });
    expect(glance).toHaveTextContent('About 4 min');
    expect(glance).toHaveTextContent('2 questions');
    expect(glance).toHaveTextContent(`Answer by ${formatDeadline('2030-06-01')}`);
    expect(screen.getByRole('region', { name: 'What to prepare' })).toHaveTextContent('Think of one morning at the harbour.');
    // The first screen has a way in: a link to the form, before the brief and the questions.
    const start = screen.getByRole('link', { name: 'Get started' });
    expect(start).toHaveAttribute('href', '#get-started');
    expect(document.getElementById('get-started')?.tagName).toBe('FORM');
    expect(start.compareDocumentPosition(screen.getByRole('heading', { name: /The questions/ })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The organisation leads the header.
    expect(screen.getByTestId('organisation-brand')).toHaveTextContent('Acme Films');
  });

  it('writes a deadline as a day, and nothing for a missing or odd one', () => {
    expect(formatDeadline('2030-06-01')).toMatch(/2030/);
    expect(formatDeadline(null)).toBeNull();
    expect(formatDeadline('soon')).toBeNull();
  });
});
