import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/Button';
import type { BrandTheme } from '../../api/editor-brand';
import {
  loadsAt,
  previewPosition,
  previewSeconds,
  reachedEnd,
  showsLowerThird,
  slotOf,
  type PreviewItem,
} from '../../lib/editor/preview';
import { formatSeconds } from '../../lib/editor/words';

type Props = {
  items: PreviewItem[];
  /** Clip numbers left out (no playable video). */
  skipped: number[];
  lowerThirds: boolean;
  theme?: BrandTheme;
  logoUrl?: string | null;
  /** The story clip being played (-1: none). */
  onClip: (clipIndex: number) => void;
};

type Video = HTMLVideoElement & { requestVideoFrameCallback?: (cb: (now: number, meta: { mediaTime: number }) => void) => number; cancelVideoFrameCallback?: (id: number) => void };

/** Loads item `item` (a clip) into `video`, paused at the clip's start. */
function cue(video: Video, item: PreviewItem & { kind: 'clip' }) {
  video.pause();
  if (video.dataset.src !== item.url) {
    video.dataset.src = item.url;
    video.src = item.url;
    video.addEventListener('loadedmetadata', () => (video.currentTime = item.start), { once: true });
    video.load();
  } else {
    video.currentTime = item.start;
  }
}

/**
 * The story played in the browser without rendering: the title card, each clip's range of its answer's
 * video, the end card. Two players take turns: while one plays a clip the other holds the next one,
 * loaded and at its start, and takes over when the range ends (watched every frame), so clips follow
 * each other without a gap.
 */
export function StoryPreview({ items, skipped, lowerThirds, theme, logoUrl, onClip }: Props) {
  const videos = useRef<[Video | null, Video | null]>([null, null]);
  const loaded = useRef<[number, number]>([-1, -1]);
  const [index, setIndex] = useState(-1);
  /** Counts the plays from the start (a new play of the same item runs again). */
  const [run, setRun] = useState(0);
  const [within, setWithin] = useState(0);
  const [paused, setPaused] = useState(false);
  const signature = JSON.stringify(items);
  const total = previewSeconds(items);
  const done = index >= items.length;
  const item = index >= 0 ? items[index] : undefined;
  const activeSlot = item?.kind === 'clip' ? slotOf(items, index) : -1;

  // A changed story starts the preview again from the beginning.
  useEffect(() => {
    setIndex(-1);
    setWithin(0);
    videos.current.forEach((v) => v?.pause());
    loaded.current = [-1, -1];
  }, [signature]);

  const playingClip = item?.kind === 'clip' ? item.clipIndex : -1;
  useEffect(() => onClip(playingClip), [playingClip, onClip]);

  const advance = useCallback((from: number) => setIndex((i) => (i === from ? i + 1 : i)), []);

  // Each item in turn: cue the players, play the clip, or show the card for its seconds.
  useEffect(() => {
    if (index < 0) {
      videos.current.forEach((v) => v?.pause());
      return;
    }
    loadsAt(items, index).forEach((want, slot) => {
      const video = videos.current[slot];
      const next = items[want];
      if (video && next?.kind === 'clip' && loaded.current[slot] !== want) {
        cue(video, next);
        loaded.current[slot] = want;
      }
    });
    if (!item) {
      videos.current.forEach((v) => v?.pause());
      return;
    }
    setWithin(0);
    if (item.kind !== 'clip') {
      const started = performance.now();
      const tick = setInterval(() => setWithin((performance.now() - started) / 1000), 250);
      const timer = setTimeout(() => advance(index), item.seconds * 1000);
      return () => {
        clearTimeout(timer);
        clearInterval(tick);
      };
    }
    const slot = slotOf(items, index);
    const video = videos.current[slot];
    if (!video) return;
    videos.current[1 - slot]?.pause();
    if (Math.abs(video.currentTime - item.start) > 0.3) video.currentTime = item.start;
    setPaused(false);
    void video.play().catch(() => undefined);
    let frame = 0;
    let stopped = false;
    const check = (time: number) => {
      if (stopped) return;
      setWithin(Math.max(0, time - item.start));
      if (reachedEnd(item, time)) {
        stopped = true;
        video.pause();
        advance(index);
      }
    };
    const onFrame = (_now: number, meta: { mediaTime: number }) => {
      check(meta.mediaTime);
      if (!stopped) frame = video.requestVideoFrameCallback!(onFrame);
    };
    if (video.requestVideoFrameCallback) frame = video.requestVideoFrameCallback(onFrame);
    const onTime = () => check(video.currentTime);
    const onEnded = () => {
      if (!stopped) {
        stopped = true;
        advance(index);
      }
    };
    video.addEventListener('timeupdate', onTime);
    video.addEventListener('ended', onEnded);
    return () => {
      stopped = true;
      if (frame) video.cancelVideoFrameCallback?.(frame);
      video.removeEventListener('timeupdate', onTime);
      video.removeEventListener('ended', onEnded);
    };
    // `signature` stands for `items`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [index, run, signature, advance]);

  const start = () => {
    if (items.length === 0) return;
    loaded.current = [-1, -1];
    setIndex(0);
    setRun((r) => r + 1);
  };

  const togglePause = () => {
    const video = activeSlot === 0 || activeSlot === 1 ? videos.current[activeSlot] : null;
    if (!video) return;
    if (video.paused) {
      void video.play().catch(() => undefined);
      setPaused(false);
    } else {
      video.pause();
      setPaused(true);
    }
  };

  const position = done ? total : index >= 0 ? previewPosition(items, index, within) : 0;
  const cardStyle = theme ? { background: theme.background, color: theme.text } : undefined;
  const clipNumber = item?.kind === 'clip' ? item.clipIndex + 1 : null;

  return (
    <section aria-labelledby="preview-heading" className="space-y-2">
      <h2 id="preview-heading" className="text-lg font-semibold">
        Preview
      </h2>
      <div
        data-testid="story-preview"
        data-item-index={index}
        data-clip-index={item?.kind === 'clip' ? item.clipIndex : -1}
        data-state={index < 0 ? 'idle' : done ? 'done' : item?.kind}
        className="relative aspect-video overflow-hidden rounded-md bg-black"
      >
        {[0, 1].map((slot) => (
          <video
            key={slot}
            ref={(el) => {
              videos.current[slot] = el as Video | null;
            }}
            data-testid="preview-video"
            data-slot={slot}
            data-active={slot === activeSlot || undefined}
            aria-label={slot === activeSlot ? 'Preview of the story' : undefined}
            aria-hidden={slot === activeSlot ? undefined : true}
            preload="auto"
            playsInline
            className={`absolute inset-0 h-full w-full object-contain ${slot === activeSlot ? 'visible' : 'invisible'}`}
          />
        ))}
        {item?.kind === 'title' && (
          <div data-testid="preview-title-card" style={cardStyle} className="absolute inset-0 flex items-center justify-center bg-black p-6 text-center text-2xl font-semibold text-white">
            {item.text}
          </div>
        )}
        {item?.kind === 'end' && (
          <div data-testid="preview-end-card" style={cardStyle} className="absolute inset-0 flex flex-col items-center justify-center gap-4 bg-black p-6 text-center text-xl font-semibold text-white">
            {item.logo && logoUrl && <img src={logoUrl} alt="The organisation's logo" className="max-h-24 max-w-[50%] object-contain" />}
            {item.text && <p>{item.text}</p>}
          </div>
        )}
        {lowerThirds && item?.kind === 'clip' && showsLowerThird(items, index, within) && (
          <p
            data-testid="preview-lower-third"
            style={theme ? { background: theme.accent, color: theme.text } : undefined}
            className="absolute bottom-6 left-6 rounded bg-primary px-3 py-1 text-sm font-semibold text-white"
          >
            {item.speaker}
          </p>
        )}
        {index < 0 && (
          <p className="absolute inset-0 flex items-center justify-center p-4 text-center text-sm text-white/80">
            {items.length === 0 ? 'Add clips to preview the story.' : 'Play the preview to watch the story as it stands, without rendering it.'}
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" onClick={start} disabled={items.length === 0}>
          {index < 0 ? 'Play preview' : 'Play preview from the start'}
        </Button>
        <Button size="sm" variant="secondary" onClick={togglePause} disabled={activeSlot < 0}>
          {paused ? 'Resume' : 'Pause'}
        </Button>
        <span className="text-sm tabular-nums text-muted" data-testid="preview-position">
          {clipNumber ? `Clip ${clipNumber} · ` : item?.kind === 'title' ? 'Title card · ' : item?.kind === 'end' ? 'End card · ' : ''}
          {formatSeconds(position)} / {formatSeconds(total)}
        </span>
        {done && (
          <span role="status" className="text-sm text-muted">
            Preview finished
          </span>
        )}
      </div>
      {skipped.length > 0 && (
        <p className="text-xs text-muted">
          Not in the preview (no playable video yet): clip {skipped.map((i) => i + 1).join(', ')}.
        </p>
      )}
    </section>
  );
}
