import { render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contributorFetch } from '@/features/contributor-journey/api/contributor-client';
import { clearResources } from '@/features/contributor-journey/api/resource';
import { ContributorApp } from './ContributorApp';
import { readContributorData, saveContributorData } from '@/features/contributor-journey/lib/storage';
import { useContributorStore } from '@/features/contributor-journey/store';
import type { ContributorCampaign } from '@/features/contributor-journey/types';
import { makeContributorCampaign } from '@/features/contributor-journey/fixtures';

const CAMPAIGN = makeContributorCampaign([{ questionId: 'q1', question: 'Who are you?', sequence: 1 }] as ContributorCampaign['campaign']['questions']);

let keysSent: string[];

beforeEach(() => {
  clearResources();
  useContributorStore.getState().reset();
  keysSent = [];
  contributorFetch.fetch = async (_input, init) => {
    keysSent.push(new Headers(init?.headers).get('X-Invite-Key') ?? '');
    return Response.json(CAMPAIGN);
  };
  window.history.replaceState(null, '', '/contributor/t1/c1?contributorId=p1&key=new-key');
});

afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

/** The page as contributor-main.tsx renders it: in StrictMode, which runs renders and effects twice. */
const openLink = () =>
  render(
    <StrictMode>
      <ContributorApp />
    </StrictMode>,
  );

describe('opening the invitation link', () => {
  it('keeps the invitation once and reads the campaign with its key, in StrictMode', async () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    openLink();
    expect(await screen.findByRole('heading', { name: 'Spring stories' })).toBeInTheDocument();
    const invitationWrites = setItem.mock.calls.filter(([key]) => key === 'contributorData');
    expect(invitationWrites).toHaveLength(1);
    expect(readContributorData()).toEqual({ tenantId: 't1', campaignId: 'c1', contributorId: 'p1', key: 'new-key' });
    expect(new Set(keysSent)).toEqual(new Set(['new-key']));
  });

  it("replaces another collaborator's invitation kept in this browser", async () => {
    saveContributorData({ tenantId: 't1', campaignId: 'c1', contributorId: 'p0', key: 'old-key' });
    window.localStorage.setItem('contributorDetail', JSON.stringify({ id: 'p0', email: 'p0@example.org', isDetailSubmitted: true, videoConfig: {} }));
    openLink();
    expect(await screen.findByRole('heading', { name: 'Spring stories' })).toBeInTheDocument();
    expect(readContributorData()).toMatchObject({ contributorId: 'p1', key: 'new-key' });
    expect(keysSent).not.toContain('old-key');
    await waitFor(() => expect(JSON.parse(window.localStorage.getItem('contributorDetail') ?? '{}')).toMatchObject({ id: 'p1' }));
  });

  it('writes nothing when the browser already keeps this invitation', async () => {
    saveContributorData({ tenantId: 't1', campaignId: 'c1', contributorId: 'p1', key: 'new-key' });
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    openLink();
    expect(await screen.findByRole('heading', { name: 'Spring stories' })).toBeInTheDocument();
    await waitFor(() => expect(setItem.mock.calls.filter(([key]) => key === 'contributorData')).toEqual([]));
  });
});
