import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { saveToken } from '@/lib/storage';
import { jsonResponse } from '@/testing/fixtures';
import type { Publication, PublishTarget } from '../api/contract';
import { publication, stubApi } from '../testing/fake-api';
import { PublishControl } from './PublishControl';
import { UNPUBLISH_TEXT } from './PublicationDetails';

const target: PublishTarget = { kind: 'answer', campaignId: 'c1', contributorId: 'k1', questionId: 'q1' };

const renderControl = (props: { approved?: boolean; canEdit?: boolean; target?: PublishTarget } = {}) =>
  render(
    <QueryClientProvider client={queryClient}>
      <PublishControl target={props.target ?? target} name="the answer by Amal Kaur" approved={props.approved ?? true} canEdit={props.canEdit ?? true} />
    </QueryClientProvider>,
  );

/** A server holding the campaign's live publications; POST publishes `answer` unless `refusal` is set. */
function server(live: Publication[], options: { refusal?: string } = {}) {
  let items = [...live];
  return stubApi((call) => {
    if (call.method === 'GET' && call.path === '/publications') return jsonResponse({ items, nextCursor: null });
    if (call.method === 'POST' && call.path === '/publications') {
      if (options.refusal) return jsonResponse({ detail: options.refusal, requestId: 'r' }, 400);
      const made = publication(1);
      items = [made, ...items];
      return jsonResponse(made, 201);
    }
    if (call.method === 'DELETE' && call.path.startsWith('/publications/')) {
      const id = decodeURIComponent(call.path.split('/')[2]!);
      const gone = items.find((p) => p.publicationId === id)!;
      items = items.filter((p) => p.publicationId !== id);
      return jsonResponse({ ...gone, status: 'unpublished', takedownReason: 'Unpublished by Ada Lovelace' });
    }
    return undefined;
  });
}

describe('publishing an approved answer', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
    saveToken('tok', 't1');
  });

  it('publishes it and shows it live: badge, share link, embed code, captions to download and its figures', async () => {
    const calls = server([]);
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderControl();
    fireEvent.click(await screen.findByRole('button', { name: 'Publish the answer by Amal Kaur' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ kind: 'answer', campaignId: 'c1', contributorId: 'k1', questionId: 'q1' }),
    );
    // The live list is read for the campaign's live items only.
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/publications', query: { campaignId: 'c1', status: 'live', limit: '50' } });
    const details = await screen.findByTestId('publication-details');
    expect(screen.getByTestId('published-badge')).toHaveTextContent('Published');
    expect(within(details).getByLabelText('Share link')).toHaveValue('https://stories.example/v/slug1abcdefghijklmnopq');
    expect(within(details).getByLabelText('Embed code (iframe)')).toHaveValue(publication(1).iframeSnippet);
    expect(within(details).getByRole('link', { name: 'Download SRT' })).toHaveAttribute('href', '/published/slug1abcdefghijklmnopq/captions.srt');
    expect(within(details).getByRole('link', { name: 'Download WebVTT' })).toHaveAttribute('href', '/published/slug1abcdefghijklmnopq/captions.vtt');
    expect(within(details).getByTestId('publication-stats')).toHaveTextContent('Page views1,234');
    expect(within(details).getByTestId('publication-stats')).toHaveTextContent('Completion40 %');

    fireEvent.click(within(details).getByRole('button', { name: 'Copy embed code' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(publication(1).iframeSnippet));
    fireEvent.click(within(details).getByRole('button', { name: 'Copy share link' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('https://stories.example/v/slug1abcdefghijklmnopq'));
  });

  it("shows the API's refusal in its words and stays unpublished", async () => {
    server([], { refusal: 'Amal K. has not accepted the current terms and conditions' });
    renderControl();
    fireEvent.click(await screen.findByRole('button', { name: 'Publish the answer by Amal Kaur' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Amal K. has not accepted the current terms and conditions');
    expect(screen.queryByTestId('published-badge')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publish the answer by Amal Kaur' })).toBeEnabled();
  });

  it('unpublishes only after the confirmation, whose button locks after a click', async () => {
    const calls = server([publication(1)]);
    renderControl();
    fireEvent.click(await screen.findByRole('button', { name: 'Share and embed the answer by Amal Kaur' }));
    fireEvent.click(screen.getByRole('button', { name: 'Unpublish' }));
    const dialog = await screen.findByRole('dialog', { name: UNPUBLISH_TEXT.title });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Unpublish' }));
    const confirm = within(await screen.findByRole('dialog')).getByRole('button', { name: 'Unpublish' });
    fireEvent.click(confirm);
    expect(confirm).toBeDisabled();
    await act(async () => void fireEvent.click(confirm));
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/publications/slug1abcdefghijklmnopq']));
    expect(await screen.findByRole('button', { name: 'Publish the answer by Amal Kaur' })).toBeInTheDocument();
    expect(screen.queryByTestId('published-badge')).not.toBeInTheDocument();
  });

  it('offers nothing to a coordinator, who still sees what is published, and nothing on an unapproved item', async () => {
    server([publication(1)]);
    const { unmount } = renderControl({ canEdit: false });
    fireEvent.click(await screen.findByRole('button', { name: 'Share and embed the answer by Amal Kaur' }));
    expect(screen.getByTestId('publication-details')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unpublish' })).not.toBeInTheDocument();
    unmount();
    queryClient.clear();

    server([]);
    const viewer = renderControl({ canEdit: false });
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    await act(async () => undefined);
    expect(screen.queryByRole('button', { name: /Publish/ })).not.toBeInTheDocument();
    viewer.unmount();
    queryClient.clear();

    server([]);
    renderControl({ approved: false });
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    await act(async () => undefined);
    expect(screen.queryByRole('button', { name: /Publish/ })).not.toBeInTheDocument();
  });

  it('tells a generated video by its id, not an answer of the same collaborator', async () => {
    const video = publication(2, { kind: 'video', videoId: 'v9', questionId: null, contributorId: 'k1' });
    server([video]);
    renderControl({ target: { kind: 'video', campaignId: 'c1', videoId: 'v9' } });
    expect(await screen.findByTestId('published-badge')).toBeInTheDocument();
    queryClient.clear();
  });
});
