import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { MAIN_ID, SkipLink } from '@/components/a11y/SkipLink';
import { Logo } from '@/components/Logo';
import { ThemeToggle } from '@/components/ThemeToggle';
import { Button } from '@/components/ui/Button';
import { cn } from '@/utils/cn';
import { formatTime, isVideoFile, type Pair, type Side } from '../lib/sync';
import { useSyncedPair } from '../lib/use-synced-pair';

const INVALID_FILE = 'Please upload valid file';
/** How far the arrow keys move both videos. */
const ARROW_SEEK_SECONDS = 5;
const SIDES: Pair<Side> = [0, 1];
const SIDE_NAMES: Pair<string> = ['Left video', 'Right video'];

type Picked = { file: File | null; duration: number; error: string | null; muted: boolean };
const EMPTY: Picked = { file: null, duration: 0, error: null, muted: false };

/** The internal test page: two local video files played side by side on one clock. */
export function VideoCompare() {
  const [sides, setSides] = useState<Pair<Picked>>([EMPTY, EMPTY]);
  const leftRef = useRef<HTMLVideoElement>(null);
  const rightRef = useRef<HTMLVideoElement>(null);
  const videoRefs = useMemo<Pair<RefObject<HTMLVideoElement | null>>>(() => [leftRef, rightRef], []);
  const durations = useMemo<Pair<number>>(() => [sides[0].duration, sides[1].duration], [sides]);
  const pair = useSyncedPair(videoRefs, durations);

  const update = (side: Side, change: Partial<Picked>) =>
    setSides((current) => current.map((s, i) => (i === side ? { ...s, ...change } : s)) as unknown as Pair<Picked>);

  function pick(side: Side, file: File | undefined) {
    if (!file) return;
    if (!isVideoFile(file)) {
      update(side, { error: INVALID_FILE });
      return;
    }
    pair.reset();
    update(side, { file, duration: 0, error: null });
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const target = event.target as HTMLElement;
    if (target instanceof HTMLInputElement && target.type === 'file') return;
    if (event.key === ' ') {
      // A focused button answers space itself (play/pause, mute).
      if (target instanceof HTMLButtonElement) return;
      event.preventDefault();
      pair.toggle();
    } else if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      pair.seekBy(event.key === 'ArrowLeft' ? -ARROW_SEEK_SECONDS : ARROW_SEEK_SECONDS);
    }
  }

  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <header className="flex items-center justify-between px-4 py-4 sm:px-8">
        <Logo />
        <ThemeToggle />
      </header>
      <main id={MAIN_ID} tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 space-y-6 px-4 pb-16 outline-none sm:px-8">
        <div className="space-y-1">
          <h1 className="text-2xl font-semibold tracking-tight">Compare videos</h1>
          <p className="text-sm text-muted">
            Pick two video files from this device to play them side by side. Nothing is uploaded.
          </p>
        </div>
        <div
          role="region"
          aria-label="Video comparison"
          aria-keyshortcuts="Space ArrowLeft ArrowRight"
          tabIndex={0}
          onKeyDown={onKeyDown}
          className="space-y-4 rounded-2xl focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring"
        >
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
            {SIDES.map((side) => (
              <VideoSide
                key={side}
                name={SIDE_NAMES[side]}
                picked={sides[side]}
                videoRef={videoRefs[side]}
                onPick={(file) => pick(side, file)}
                onDuration={(duration) => update(side, { duration })}
                onBroken={() => {
                  pair.reset();
                  update(side, { file: null, duration: 0, error: INVALID_FILE });
                }}
                onToggleMute={() => update(side, { muted: !sides[side].muted })}
              />
            ))}
          </div>
          <ControlBar pair={pair} />
          <p className="text-xs text-muted">Space plays or pauses both videos; the arrow keys move both 5 seconds.</p>
        </div>
      </main>
    </div>
  );
}

type SideProps = {
  name: string;
  picked: Picked;
  videoRef: RefObject<HTMLVideoElement | null>;
  onPick: (file: File | undefined) => void;
  onDuration: (seconds: number) => void;
  onBroken: () => void;
  onToggleMute: () => void;
};

function VideoSide({ name, picked, videoRef, onPick, onDuration, onBroken, onToggleMute }: SideProps) {
  const inputId = useId();
  const url = useObjectUrl(picked.file);

  // A WebM recorded by a browser may not state its duration; seeking far ahead makes it known.
  function readDuration(video: HTMLVideoElement) {
    if (Number.isFinite(video.duration) && video.duration > 0) {
      onDuration(video.duration);
      return;
    }
    const found = () => {
      if (!Number.isFinite(video.duration)) return;
      video.removeEventListener('durationchange', found);
      video.currentTime = 0;
      onDuration(video.duration);
    };
    video.addEventListener('durationchange', found);
    video.currentTime = Number.MAX_SAFE_INTEGER;
  }

  return (
    <section aria-label={name} className="space-y-3 rounded-2xl border border-line bg-raised p-4">
      <div className="space-y-1.5">
        <label htmlFor={inputId} className="block text-sm font-medium text-fg">
          {name} file
        </label>
        <input
          id={inputId}
          type="file"
          accept="video/*"
          aria-invalid={picked.error ? true : undefined}
          aria-describedby={picked.error ? `${inputId}-error` : undefined}
          onChange={(event) => {
            onPick(event.target.files?.[0]);
            // Picking the same file again after an error still fires a change.
            event.target.value = '';
          }}
          className="block w-full text-sm text-fg file:mr-3 file:rounded-lg file:border file:border-line file:bg-sunken file:px-3 file:py-1.5 file:text-sm"
        />
        {picked.error && (
          <p id={`${inputId}-error`} role="alert" className="text-xs font-medium text-danger">
            {picked.error}
          </p>
        )}
      </div>
      <div className="flex aspect-video items-center justify-center overflow-hidden rounded-xl bg-black">
        {url ? (
          <video
            ref={videoRef}
            src={url}
            muted={picked.muted}
            playsInline
            preload="auto"
            aria-label={`${name}: ${picked.file?.name ?? ''}`}
            data-testid={`compare-video-${name === 'Left video' ? 'left' : 'right'}`}
            onLoadedMetadata={(event) => readDuration(event.currentTarget)}
            onError={onBroken}
            className="h-full w-full object-contain"
          />
        ) : (
          <p className="px-4 text-center text-sm text-white/70">No video chosen</p>
        )}
      </div>
      <div className="flex items-center justify-between gap-3 text-sm">
        <p className="min-w-0 truncate" title={picked.file?.name}>
          <span className="font-medium">{picked.file?.name ?? 'No file'}</span>
          {picked.file && (
            <span className="ml-2 text-muted">
              Duration {picked.duration > 0 ? formatTime(picked.duration) : '…'}
            </span>
          )}
        </p>
        <Button
          variant="secondary"
          size="sm"
          aria-pressed={picked.muted}
          aria-label={`Mute ${name.toLowerCase()}`}
          disabled={!picked.file}
          onClick={onToggleMute}
        >
          {picked.muted ? 'Unmute' : 'Mute'}
        </Button>
      </div>
    </section>
  );
}

function ControlBar({ pair }: { pair: ReturnType<typeof useSyncedPair> }) {
  const sliderId = useId();
  const clock = `${formatTime(pair.position)} / ${formatTime(pair.length)}`;
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-line bg-raised p-4 sm:flex-row sm:items-center">
      <Button onClick={pair.toggle} disabled={!pair.ready} aria-label={pair.playing ? 'Pause both' : 'Play both'}>
        {pair.playing ? 'Pause' : 'Play'}
      </Button>
      <label htmlFor={sliderId} className="sr-only">
        Position of both videos
      </label>
      <input
        id={sliderId}
        type="range"
        min={0}
        max={pair.length || 0}
        step={0.01}
        value={Math.min(pair.position, pair.length)}
        disabled={!pair.ready}
        aria-valuetext={clock}
        onChange={(event) => pair.seekTo(Number(event.target.value))}
        className={cn('w-full flex-1 accent-primary', !pair.ready && 'opacity-50')}
      />
      <span className="shrink-0 font-mono text-sm tabular-nums" aria-hidden="true">
        {clock}
      </span>
    </div>
  );
}

/** An object URL for `file`, revoked when the file is replaced or the screen closes. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const created = URL.createObjectURL(file);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file]);
  return url;
}
