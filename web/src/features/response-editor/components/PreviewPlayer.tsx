import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/Button';
import type { Captions } from '../api/generated-videos-contract';
import { editPosition, nextStep } from '../lib/preview';
import { totalSeconds, type TakeRange, type Word } from '../lib/ranges';
import { formatSeconds, wordIndexAt } from '../lib/words';

type Source = { url: string; posterUrl?: string | null; words: Word[] };

type Props = {
  clips: TakeRange[];
  sources: Record<string, Source>;
  titleCard: { text: string; seconds: number } | null;
  captions: Captions;
};

type Phase = { kind: 'idle' } | { kind: 'title' } | { kind: 'clip'; index: number } | { kind: 'done' };

/**
 * Plays the cut list in the browser without rendering: one <video> that seeks to each kept range and
 * swaps to the next answer's take at a range's end (checked every animation frame, so a cut is missed by
 * at most a frame). The title card is shown first; captions are the spoken words of the take.
 */
export function PreviewPlayer({ clips, sources, titleCard, captions }: Props) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [time, setTime] = useState(0);
  const [paused, setPaused] = useState(false);
  const frame = useRef<number | undefined>(undefined);
  const total = totalSeconds(clips);
  const clipIndex = phase.kind === 'clip' ? phase.index : -1;
  const clip = clips[clipIndex];

  // The edit changed: start again from the beginning.
  const signature = JSON.stringify(clips);
  useEffect(() => {
    setPhase({ kind: 'idle' });
    videoRef.current?.pause();
  }, [signature]);

  const load = (index: number, at: number) => {
    const video = videoRef.current;
    const c = clips[index];
    if (!video || !c) return;
    const src = sources[c.journeyId]?.url;
    if (!src) return;
    setPhase({ kind: 'clip', index });
    setPaused(false);
    if (video.dataset.journeyId !== c.journeyId) {
      video.dataset.journeyId = c.journeyId;
      video.src = src;
      video.addEventListener(
        'loadedmetadata',
        () => {
          video.currentTime = at;
          void video.play().catch(() => undefined);
        },
        { once: true },
      );
    } else {
      video.currentTime = at;
      void video.play().catch(() => undefined);
    }
  };

  // Title card first, then the first clip.
  useEffect(() => {
    if (phase.kind !== 'title' || !titleCard) return;
    const timer = setTimeout(() => load(0, clips[0]?.start ?? 0), titleCard.seconds * 1000);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [phase.kind]);

  // Follow the clip being played, frame by frame.
  useEffect(() => {
    if (phase.kind !== 'clip') return;
    const tick = () => {
      const video = videoRef.current;
      if (video && !video.paused && !video.seeking && video.dataset.journeyId === clips[phase.index]?.journeyId) {
        setTime(video.currentTime);
        const step = nextStep(clips, phase.index, video.currentTime);
        if (step.kind === 'seek') {
          if (step.index !== phase.index) setPhase({ kind: 'clip', index: step.index });
          video.currentTime = step.time;
        } else if (step.kind === 'swap') {
          load(step.index, step.time);
        } else if (step.kind === 'end') {
          video.pause();
          setPhase({ kind: 'done' });
          return;
        }
      }
      frame.current = requestAnimationFrame(tick);
    };
    frame.current = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame.current!);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [phase, signature]);

  const start = () => {
    if (clips.length === 0) return;
    if (titleCard) setPhase({ kind: 'title' });
    else load(0, clips[0]!.start);
  };

  const togglePause = () => {
    const video = videoRef.current;
    if (!video) return;
    if (video.paused) {
      void video.play().catch(() => undefined);
      setPaused(false);
    } else {
      video.pause();
      setPaused(true);
    }
  };

  const words = clip ? (sources[clip.journeyId]?.words ?? []) : [];
  const spoken = wordIndexAt(words, time);
  const caption = captions !== 'none' && spoken >= 0 ? words.slice(Math.max(0, spoken - 4), spoken + 1).map((w) => w.text).join(' ') : '';
  const playing = phase.kind === 'clip' || phase.kind === 'title';

  return (
    <div className="space-y-2">
      <div className="relative overflow-hidden rounded-md bg-black">
        <video
          ref={videoRef}
          data-testid="preview-video"
          data-clip-index={clipIndex}
          aria-label="Preview of the edit"
          poster={(clips[0] && sources[clips[0].journeyId]?.posterUrl) || undefined}
          className="max-h-96 w-full"
          playsInline
        />
        {phase.kind === 'title' && titleCard && (
          <div data-testid="preview-title-card" className="absolute inset-0 flex items-center justify-center bg-black p-6 text-center text-2xl font-semibold text-white">
            {titleCard.text}
          </div>
        )}
        {caption && (
          <p data-testid="preview-caption" className="absolute inset-x-4 bottom-4 rounded bg-black/70 px-2 py-1 text-center text-sm text-white">
            {caption}
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" onClick={start} disabled={clips.length === 0}>
          {phase.kind === 'idle' ? 'Play preview' : 'Play preview from the start'}
        </Button>
        <Button size="sm" variant="secondary" onClick={togglePause} disabled={phase.kind !== 'clip'}>
          {paused ? 'Resume' : 'Pause'}
        </Button>
        <span className="text-sm text-muted" aria-live="off" data-testid="preview-position">
          {phase.kind === 'clip' ? `Clip ${clipIndex + 1} of ${clips.length} · ` : ''}
          {formatSeconds(phase.kind === 'clip' ? editPosition(clips, clipIndex, time) : phase.kind === 'done' ? total : 0)} / {formatSeconds(total)}
        </span>
        {phase.kind === 'done' && <span className="text-sm text-muted" role="status">Preview finished</span>}
        {!playing && clips.length === 0 && <span className="text-sm text-muted">Nothing is kept: the edit is empty.</span>}
      </div>
    </div>
  );
}
