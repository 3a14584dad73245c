import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { useToastStore } from '@/stores/toast-store';
import { jsonResponse } from '@/testing/fixtures';
import { useCampaignVideos } from '../api/editor-api';
import type { GeneratedVideo } from '../api/generated-videos-contract';
import { GeneratedVideoList } from './GeneratedVideoList';

const video = (over: Partial<GeneratedVideo>): GeneratedVideo => ({
  videoId: 'v1',
  campaignId: 'c1',
  contributorId: 'k1',
  title: 'Robin – Stories',
  status: 'ready',
  failureReason: null,
  approved: false,
  approvedAt: null,
  edit: { clips: [{ journeyId: 'q1', start: 0, end: 2 }], titleCard: null, captions: 'none' },
  durationSeconds: 2,
  width: 1280,
  height: 720,
  url: 'https://bucket.example/v1.mp4',
  downloadUrl: 'https://bucket.example/v1.mp4?download',
  posterUrl: null,
  captionsUrl: null,
  createdAt: '2026-11-24T10:00:00Z',
  updatedAt: '2026-11-24T10:00:00Z',
  createdBy: 'u1',
  ...over,
});

function List({ announce = false }: { announce?: boolean }) {
  const q = useCampaignVideos('c1');
  return <GeneratedVideoList title="All videos" campaignId="c1" query={q} empty="None yet" testId="list" announce={announce} />;
}

describe('generated videos', () => {
  beforeEach(() => queryClient.clear());

  it('polls while a video renders, then plays, downloads, approves and deletes it behind the confirm lock', async () => {
    let reads = 0;
    let current = video({
      status: 'processing',
      url: null,
      downloadUrl: null,
      durationSeconds: null,
      progress: { stage: 'rendering', percent: 45 },
    });
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (req: Request) => {
        const path = new URL(req.url).pathname.replace(/^\/api/, '');
        calls.push(`${req.method} ${path}`);
        if (req.method === 'GET' && path === '/generated-videos/c1') {
          reads += 1;
          if (reads >= 2 && current.status === 'processing') current = video({});
          return jsonResponse({ items: current.videoId ? [current] : [], nextCursor: null });
        }
        if (req.method === 'PUT' && path === '/generated-videos/approval/c1/v1') {
          current = { ...current, approved: ((await req.json()) as { approved: boolean }).approved };
          return jsonResponse(current);
        }
        if (req.method === 'DELETE' && path === '/generated-videos/delete/c1/v1') {
          current = { ...current, videoId: '' };
          return jsonResponse({ message: 'Video deleted successfully' });
        }
        return jsonResponse({ detail: 'unexpected' }, 500);
      }),
    );
    render(
      <QueryClientProvider client={queryClient}>
        <List announce />
      </QueryClientProvider>,
    );
    const row = await screen.findByTestId('generated-video');
    expect(within(row).getByTestId('generated-video-status')).toHaveTextContent('Processing');
    // Where the render stands, while it runs.
    expect(within(row).getByTestId('render-progress')).toHaveTextContent('Rendering · 45%');
    expect(within(row).getByRole('progressbar', { name: 'Rendering Robin – Stories' })).toHaveAttribute('value', '45');
    expect(within(row).queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
    // Re-read while processing (every 3 s) until ready.
    await waitFor(() => expect(within(screen.getByTestId('generated-video')).getByTestId('generated-video-status')).toHaveTextContent('Ready'), {
      timeout: 5000,
    });
    // Staff are told, by name, that it is ready.
    await waitFor(() => expect(useToastStore.getState().toasts.map((t) => t.message)).toContain('Video "Robin – Stories" is ready'));
    expect(screen.queryByTestId('render-progress')).not.toBeInTheDocument();
    const u = userEvent.setup();
    const ready = screen.getByTestId('generated-video');
    expect(within(ready).getByRole('link', { name: 'Download Robin – Stories' })).toHaveAttribute('href', 'https://bucket.example/v1.mp4?download');
    await u.click(within(ready).getByRole('button', { name: 'Play' }));
    expect(screen.getByLabelText('Generated video Robin – Stories')).toHaveAttribute('src', 'https://bucket.example/v1.mp4');
    await u.click(within(ready).getByRole('button', { name: 'Approve Robin – Stories' }));
    await waitFor(() => expect(useToastStore.getState().toasts.map((t) => t.message)).toContain('Video "Robin – Stories" approved'));
    expect(await within(ready).findByRole('button', { name: 'Unapprove Robin – Stories' })).toBeInTheDocument();

    await u.click(within(ready).getByRole('button', { name: 'Delete Robin – Stories' }));
    const confirm = screen.getByRole('button', { name: 'Delete video', hidden: true });
    await u.click(confirm);
    await act(async () => {
      await Promise.resolve();
    });
    expect(confirm).toHaveAttribute('data-locked', 'true');
    expect(await screen.findByText('None yet')).toBeInTheDocument();
    expect(calls.filter((c) => c.startsWith('DELETE'))).toHaveLength(1);
  }, 15000);
  it('shows why a video failed and lets staff retry it: it is queued again and shows Processing', async () => {
    let current = video({ status: 'failed', failureReason: 'Processing stopped before it finished, three times. It can be retried later.', url: null, downloadUrl: null });
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (req: Request) => {
        const path = new URL(req.url).pathname.replace(/^\/api/, '');
        calls.push(`${req.method} ${path}`);
        if (req.method === 'GET' && path === '/generated-videos/c1') return jsonResponse({ items: [current], nextCursor: null });
        if (req.method === 'POST' && path === '/generated-videos/retry/c1/v1') {
          current = { ...current, status: 'processing', failureReason: null };
          return jsonResponse(current, 202);
        }
        return jsonResponse({ detail: 'unexpected' }, 500);
      }),
    );
    render(
      <QueryClientProvider client={queryClient}>
        <List />
      </QueryClientProvider>,
    );
    const row = await screen.findByTestId('generated-video');
    expect(within(row).getByTestId('generated-video-status')).toHaveTextContent('Failed');
    expect(row).toHaveTextContent('Processing stopped before it finished, three times.');
    expect(within(row).queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
    const u = userEvent.setup();
    await u.click(within(row).getByRole('button', { name: 'Retry Robin – Stories' }));
    await waitFor(() => expect(useToastStore.getState().toasts.map((t) => t.message)).toContain('Video "Robin – Stories" is being generated again'));
    await waitFor(() =>
      expect(within(screen.getByTestId('generated-video')).getByTestId('generated-video-status')).toHaveTextContent('Processing'),
    );
    expect(within(screen.getByTestId('generated-video')).queryByRole('button', { name: /^Retry/ })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual(['POST /generated-videos/retry/c1/v1']);
  });

  it("downloads a ready video's captions as SRT and WebVTT, made by the API", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (req: Request) => {
        const path = new URL(req.url).pathname.replace(/^\/api/, '');
        if (path === '/generated-videos/c1') return jsonResponse({ items: [video({})], nextCursor: null });
        if (path === '/generated-videos/captions/c1/v1')
          return jsonResponse({ fileName: 'robin-stories', language: 'en', webvtt: 'WEBVTT\n\n', srt: '1\n00:00:00,000 --> 00:00:01,000\nHi\n\n' });
        return jsonResponse({ detail: 'unexpected' }, 500);
      }),
    );
    const saved: string[] = [];
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = () => 'blob:captions';
    URL.revokeObjectURL = () => undefined;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    render(
      <QueryClientProvider client={queryClient}>
        <List />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Download the captions of Robin – Stories as SRT' }));
    await user.click(screen.getByRole('button', { name: 'Download the captions of Robin – Stories as WebVTT' }));
    await waitFor(() => expect(saved).toEqual(['robin-stories.srt', 'robin-stories.vtt']));
    click.mockRestore();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
  });
});
