import { useEffect, useRef, useState } from 'react';
import type { UseInfiniteQueryResult, InfiniteData } from '@tanstack/react-query';
import { Button } from '@/components/ui/Button';
import { ConfirmButton } from '@/components/ui/ConfirmButton';
import { Dialog } from '@/components/ui/Dialog';
import { Spinner } from '@/components/ui/Spinner';
import { formatDateTime, NO_DATE } from '@/lib/format';
import { cn } from '@/utils/cn';
import { fetchVideoCaptions, useDeleteVideo, useRetryVideo, useSetApproved } from '../api/editor-api';
import type { GeneratedVideo, GeneratedVideoPage } from '../api/generated-videos-contract';
import { CAPTION_FORMATS, saveCaptions, type CaptionFormat } from '../lib/captions';
import { formatSeconds } from '../lib/words';
import { useEditorExtras } from './extras';
import { toast } from '@/stores/toast-store';

export const readyMessage = (title: string) => `Video "${title}" is ready`;
export const failedMessage = (title: string) => `Video "${title}" could not be generated`;

/** Downloads a generated video's captions, made by the API from its clips' transcripts. */
async function captionsAs(video: GeneratedVideo, format: CaptionFormat) {
  saveCaptions(await fetchVideoCaptions(video.campaignId, video.videoId), format);
}

const STAGE_LABELS = { preparing: 'Preparing the clips', rendering: 'Rendering', saving: 'Saving' } as const;

/**
 * Tells staff when a video they watched rendering is ready (or failed), naming it: the list is
 * re-read while something renders, and each video seen processing is announced once.
 */
function useRenderAnnouncements(items: readonly GeneratedVideo[], enabled: boolean) {
  const seen = useRef(new Map<string, GeneratedVideo['status']>());
  useEffect(() => {
    if (!enabled) return;
    for (const v of items) {
      const before = seen.current.get(v.videoId);
      if (before === 'processing' && v.status === 'ready') toast.success(readyMessage(v.title));
      if (before === 'processing' && v.status === 'failed') toast.error(failedMessage(v.title));
      seen.current.set(v.videoId, v.status);
    }
  }, [items, enabled]);
}

const STATUS = {
  processing: { label: 'Processing', style: 'bg-info/15 text-info' },
  ready: { label: 'Ready', style: 'bg-success-soft text-success' },
  failed: { label: 'Failed', style: 'bg-danger-soft text-danger' },
} as const;

type Props = {
  title: string;
  campaignId: string;
  query: UseInfiniteQueryResult<InfiniteData<GeneratedVideoPage, unknown>>;
  empty: string;
  testId: string;
  /** Toast when a video of this list finishes rendering (one list per screen, so once). */
  announce?: boolean;
};

/** A page-by-page list of generated videos: status (re-read while rendering), play, download, approve, retry a failed one, delete. */
export function GeneratedVideoList({ title, campaignId, query, empty, testId, announce = false }: Props) {
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  useRenderAnnouncements(items, announce);
  const headingId = `${testId}-heading`;
  return (
    <section aria-labelledby={headingId} className="space-y-3" data-testid={testId}>
      <h3 id={headingId} className="font-medium">
        {title}
      </h3>
      {query.isPending ? (
        <Spinner className="h-5 w-5" />
      ) : query.isError ? (
        <p role="alert" className="text-sm text-danger">
          The videos could not be loaded.
        </p>
      ) : items.length === 0 ? (
        <p className="text-sm text-muted">{empty}</p>
      ) : (
        <ul className="divide-y divide-line rounded-lg border border-line">
          {items.map((v) => (
            <VideoRow key={v.videoId} video={v} campaignId={campaignId} />
          ))}
        </ul>
      )}
      {query.hasNextPage && (
        <Button size="sm" variant="secondary" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          Show more videos
        </Button>
      )}
    </section>
  );
}

function VideoRow({ video: v, campaignId }: { video: GeneratedVideo; campaignId: string }) {
  const [playing, setPlaying] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const approve = useSetApproved(campaignId);
  const remove = useDeleteVideo(campaignId);
  const retry = useRetryVideo(campaignId);
  const extras = useEditorExtras();
  const status = STATUS[v.status];
  return (
    <li className="space-y-2 p-3" data-testid="generated-video" data-video-id={v.videoId} data-status={v.status}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate font-medium">{v.title}</p>
          <p className="text-xs text-muted">
            <span className={cn('mr-2 rounded-full px-2 py-0.5 font-medium', status.style)} data-testid="generated-video-status">
              {status.label}
            </span>
            {v.approved && <span className="mr-2 rounded-full bg-success-soft px-2 py-0.5 font-medium text-success">Approved</span>}
            {v.durationSeconds != null && `${formatSeconds(v.durationSeconds)} · `}
            {formatDateTime(v.createdAt) ?? NO_DATE}
          </p>
          {v.status === 'processing' && (
            <div className="mt-1 space-y-1" data-testid="render-progress">
              <p className="text-xs text-muted">
                {v.progress ? `${STAGE_LABELS[v.progress.stage]} · ${v.progress.percent}%` : 'Waiting to start'}
              </p>
              <progress
                className="h-1.5 w-48 max-w-full overflow-hidden rounded-full accent-primary"
                max={100}
                value={v.progress?.percent ?? 0}
                aria-label={`Rendering ${v.title}`}
              />
            </div>
          )}
          {v.status === 'failed' && (
            <p className="text-xs text-danger">
              {v.failureReason || 'The video could not be generated.'} Please check the transcription, or contact support.
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2" role="group" aria-label={`Actions for ${v.title}`}>
          {v.status === 'ready' && v.url && (
            <Button size="sm" variant="secondary" aria-expanded={playing} onClick={() => setPlaying((p) => !p)}>
              {playing ? 'Hide player' : 'Play'}
            </Button>
          )}
          {v.status === 'ready' && v.downloadUrl && (
            <a
              href={v.downloadUrl}
              download
              className="inline-flex h-8 items-center rounded-lg border border-line bg-raised px-3 text-sm font-medium hover:bg-sunken"
              aria-label={`Download ${v.title}`}
            >
              Download
            </a>
          )}
          {v.status === 'ready' && (
            <>
              {CAPTION_FORMATS.map(({ format, label }) => (
                <Button key={format} size="sm" variant="ghost" aria-label={`Download the captions of ${v.title} as ${label}`} onClick={() => void captionsAs(v, format)}>
                  {label}
                </Button>
              ))}
            </>
          )}
          {v.status === 'ready' && (
            <Button
              size="sm"
              variant={v.approved ? 'secondary' : 'primary'}
              loading={approve.isPending}
              aria-label={`${v.approved ? 'Unapprove' : 'Approve'} ${v.title}`}
              onClick={() => approve.mutate({ videoId: v.videoId, approved: !v.approved })}
            >
              {v.approved ? 'Unapprove' : 'Approve'}
            </Button>
          )}
          {v.status === 'failed' && (
            <Button size="sm" variant="secondary" loading={retry.isPending} aria-label={`Retry ${v.title}`} onClick={() => retry.mutate(v.videoId)}>
              Retry
            </Button>
          )}
          <Button size="sm" variant="ghost" className="text-danger" aria-label={`Delete ${v.title}`} onClick={() => setConfirming(true)}>
            Delete
          </Button>
        </div>
      </div>
      {v.status === 'ready' && extras.video?.(v)}
      {playing && v.url && (
        <video
          controls
          autoPlay
          src={v.url}
          poster={v.posterUrl ?? undefined}
          aria-label={`Generated video ${v.title}`}
          data-testid="generated-video-player"
          className="max-h-96 w-full rounded-md bg-black"
        >
          {v.captionsUrl && <track kind="captions" src={v.captionsUrl} srcLang="en" label="Captions" default />}
        </video>
      )}
      <Dialog
        open={confirming}
        title="Delete video?"
        onClose={() => setConfirming(false)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <ConfirmButton variant="danger" loading={remove.isPending} onClick={() => remove.mutate(v.videoId, { onSuccess: () => setConfirming(false) })}>
              Delete video
            </ConfirmButton>
          </>
        }
      >
        <p>
          The video <strong>{v.title}</strong> will be deleted. This cannot be undone.
        </p>
      </Dialog>
    </li>
  );
}
