import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeContributorCampaign } from '../fixtures';
import { contributorFetch } from '../api/contributor-client';
import { clearResources, invalidateResources } from '../api/resource';
import { saveContributorData } from '../lib/storage';
import { useContributorStore } from '../store';
import type { Journey, JourneyQuestion, StoredVideos } from '../types';
import { useUploadsStore } from '../uploads/uploads';
import { ContributorLayout } from './ContributorLayout';
import { JourneyPage } from './JourneyPage';

const DATA = { tenantId: 't1', campaignId: 'c1', contributorId: 'p1', key: 'secret-key' };

const question = (id: string, sequence: number, text: string): JourneyQuestion => ({
  campaignQuestionId: id,
  question: text,
  tips: null,
  sequence,
  script: null,
  contributorScript: null,
  videoConfig: { speed: 20, contrast: 50, fontSize: null },
  sentForReRecording: false,
  collaboratorReRecordingStatus: null,
  uploadStatus: 'stored',
  failureReason: null,
  video: null,
  toAsk: false,
  stored: true,
});

const journeyOf = (submitted: boolean): Journey => ({
  tenantId: 't1',
  campaignId: 'c1',
  contributorId: 'p1',
  submitted,
  submittedAt: submitted ? '2026-11-28T10:00:00Z' : null,
  reRecording: false,
  questions: [question('q1', 1, 'Who are you?'), question('q2', 2, 'Why does it matter?')],
});

const videos: StoredVideos = {
  answers: ['q1', 'q2'].map((id, i) => ({
    campaignQuestionId: id,
    question: id,
    sequence: i + 1,
    uploadStatus: 'stored' as const,
    sentForReRecording: false,
    video: { key: `k-${id}`, url: `https://videos.example/${id}.webm?X-Amz-Signature=s`, durationSeconds: 4, sizeBytes: 1000 },
  })),
};

let journey: Journey;
let calls: { method: string; url: string }[];

beforeEach(() => {
  journey = journeyOf(false);
  calls = [];
  contributorFetch.fetch = async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({ method, url });
    if (url.endsWith('/contributor/campaign/videos')) return Response.json(videos);
    if (url.endsWith('/submit')) return Response.json({ message: 'Your videos have been submitted.' });
    if (url.includes('/contributor-journey/')) return Response.json(journey);
    return Response.json(makeContributorCampaign());
  };
  saveContributorData(DATA);
  useContributorStore.getState().reset();
  useUploadsStore.setState({ byQuestion: {} });
  clearResources();
  window.history.replaceState(null, '', '/contributor-journey');
});

afterEach(() => {
  contributorFetch.fetch = (input, init) => globalThis.fetch(input, init);
});

function renderJourney() {
  render(
    <ContributorLayout>
      <JourneyPage />
    </ContributorLayout>,
  );
}

describe('JourneyPage, every answer stored', () => {
  it('plays each stored take in a dialog', async () => {
    renderJourney();
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Watch your answer to question 2' })));
    const dialog = await screen.findByRole('dialog', { name: 'Your answer to question 2' });
    expect(within(dialog).getByText('Why does it matter?')).toBeInTheDocument();
    const video = await within(dialog).findByTestId('answer-video');
    expect(video).toHaveAttribute('src', videos.answers[1]!.video!.url);
    expect(video).toHaveAttribute('controls');
    const read = calls.find((c) => c.url.endsWith('/contributor/campaign/videos'))!;
    expect(read.method).toBe('POST');

    // The journey read again (new objects) while it plays: still the same answer.
    await act(async () => invalidateResources(['contributor']));
    expect(screen.getByRole('dialog', { name: 'Your answer to question 2' })).toBeInTheDocument();
  });

  it('lets one answer be recorded again: the studio for that question only', async () => {
    renderJourney();
    fireEvent.click(await screen.findByRole('button', { name: 'Record again: question 1' }));
    expect(window.location.pathname).toBe('/contributor-journey/record-video');
    expect(new URLSearchParams(window.location.search).get('campaignQuestionId')).toBe('q1');
  });

  it('"Submit for review" asks for confirmation: Cancel sends nothing, confirming submits', async () => {
    renderJourney();
    fireEvent.click(await screen.findByRole('button', { name: 'Submit for review' }));
    let dialog = await screen.findByRole('dialog', { name: 'Submit your answers for review?' });
    expect(dialog).toHaveTextContent('review your 2 answers');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.url.endsWith('/submit'))).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Submit for review' }));
    dialog = await screen.findByRole('dialog', { name: 'Submit your answers for review?' });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Submit my answers' })));
    await waitFor(() => expect(window.location.pathname).toBe('/contributor/goodJobContributor'));
    expect(calls.filter((c) => c.url.endsWith('/contributor/t1/c1/p1/submit')).map((c) => c.method)).toEqual(['PUT']);
  });

  it('after submitting, answers can be watched but not recorded again', async () => {
    journey = journeyOf(true);
    renderJourney();
    expect(await screen.findByRole('button', { name: 'Watch your answer to question 1' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Your videos have been submitted.');
    expect(screen.queryByRole('button', { name: /Record again/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit for review' })).not.toBeInTheDocument();
  });
});
