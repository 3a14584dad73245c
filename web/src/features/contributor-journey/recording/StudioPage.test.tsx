import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeContributorCampaign } from '../fixtures';
import { contributorFetch } from '../api/contributor-client';
import { contributorKeys } from '../api/queries';
import { clearResources, setResourceData } from '../api/resource';
import { saveContributorData } from '../lib/storage';
import { useContributorStore } from '../store';
import type { Journey, JourneyQuestion } from '../types';
import { StudioPage } from './StudioPage';

const question = (id: string, sequence: number, stored: boolean): JourneyQuestion => ({
  campaignQuestionId: id,
  question: `Question text ${id}`,
  sequence,
  script: `Script of ${id}`,
  contributorScript: null,
  videoConfig: { speed: 20, contrast: 50, fontSize: null },
  sentForReRecording: false,
  uploadStatus: stored ? 'stored' : 'none',
  stored,
  toAsk: !stored,
});

// Two of three answers are stored: only the third is left to record.
const questions = [question('q1', 1, true), question('q2', 2, true), question('q3', 3, false)];
const journey: Journey = { tenantId: 't1', campaignId: 'c1', contributorId: 'p1', submitted: false, reRecording: false, questions };

beforeEach(() => {
  clearResources();
  useContributorStore.getState().reset();
  saveContributorData({ tenantId: 't1', campaignId: 'c1', contributorId: 'p1', key: 'k' });
  contributorFetch.fetch = async (input) => {
    const url = String(input);
    if (url.includes('/contributor-journey/all-questions/')) return Response.json(questions.filter((q) => q.toAsk));
    if (url.includes('/contributor-journey/')) return Response.json(journey);
    return Response.json(makeContributorCampaign());
  };
});

afterEach(() => {
  contributorFetch.fetch = (input, init) => globalThis.fetch(input, init);
  window.history.replaceState(null, '', '/');
});

describe('StudioPage numbering', () => {
  it('"Continue recording" with only the third question left says "Question 3 of 3"', async () => {
    window.history.replaceState(null, '', '/contributor-journey/record-video');
    render(<StudioPage />);
    expect(await screen.findByTestId('studio-question')).toHaveTextContent('Question text q3');
    expect(screen.getByText('Question 3 of 3')).toBeInTheDocument();
  });

  it('recording one stored answer again opens the studio on that question only', async () => {
    window.history.replaceState(null, '', '/contributor-journey/record-video?campaignQuestionId=q1');
    render(<StudioPage />);
    expect(await screen.findByTestId('studio-question')).toHaveTextContent('Question text q1');
    expect(screen.getByText('Question 1 of 3')).toBeInTheDocument();
    expect(screen.getByTestId('teleprompter')).toHaveTextContent('Script of q1');
  });

  it("the teleprompter shows the collaborator's latest script, not a copy kept from an earlier visit", async () => {
    const data = { tenantId: 't1', campaignId: 'c1', contributorId: 'p1', key: 'k' };
    // An earlier visit of the studio kept the questions before the script was rewritten on "Prepare your script".
    setResourceData(contributorKeys.journey(data), journey);
    setResourceData(contributorKeys.toAsk(data), questions.filter((q) => q.toAsk));
    const rewritten = questions.map((q) => (q.campaignQuestionId === 'q3' ? { ...q, contributorScript: 'My own words now.' } : q));
    contributorFetch.fetch = async (input) => {
      const url = String(input);
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (url.includes('/contributor-journey/all-questions/')) return Response.json(rewritten.filter((q) => q.toAsk));
      if (url.includes('/contributor-journey/')) return Response.json({ ...journey, questions: rewritten });
      return Response.json(makeContributorCampaign());
    };
    window.history.replaceState(null, '', '/contributor-journey/record-video');
    render(<StudioPage />);
    expect(await screen.findByTestId('teleprompter')).toHaveTextContent('My own words now.');
  });
});
