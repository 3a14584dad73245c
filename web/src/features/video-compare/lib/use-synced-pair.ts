import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { leaderOf, planSeek, playStart, resyncCorrection, timelineLength, type Pair, type Side } from './sync';

const SIDES: Pair<Side> = [0, 1];

/** How often (ms) the pair is checked for drift while playing; also the rate the position is shown at. */
const TICK_MS = 50;

/**
 * Plays, pauses and seeks two <video> elements as one, on the timeline of the longer one
 * (see ./sync for the rules). `durations` are 0 until a side's metadata is known.
 */
export function useSyncedPair(videos: Pair<RefObject<HTMLVideoElement | null>>, durations: Pair<number>) {
  const [playing, setPlaying] = useState(false);
  const [position, setPosition] = useState(0);
  const positionRef = useRef(0);
  const ready = durations[0] > 0 && durations[1] > 0;
  const length = timelineLength(durations);

  const elements = useCallback((): Pair<HTMLVideoElement> | null => {
    const [a, b] = [videos[0].current, videos[1].current];
    return a && b ? [a, b] : null;
  }, [videos]);

  const show = (time: number) => {
    positionRef.current = time;
    setPosition(time);
  };

  const pause = useCallback(() => {
    const els = elements();
    els?.forEach((el) => el.pause());
    setPlaying(false);
    if (els) show(els[leaderOf(durations)].currentTime);
  }, [elements, durations]);

  /** Moves both videos to `time`; while playing, each plays on from there if it has footage left. */
  const seek = useCallback(
    (time: number, keepPlaying: boolean) => {
      const els = elements();
      if (!els || !ready) return;
      const plan = planSeek(time, durations);
      SIDES.forEach((side) => {
        const el = els[side];
        el.currentTime = plan[side].time;
        if (!keepPlaying) return;
        // play() on a video at its end would restart it; the shorter one rests on its last frame.
        if (plan[side].playable) void el.play().catch(() => undefined);
        else el.pause();
      });
      show(Math.min(Math.max(time, 0), timelineLength(durations)));
    },
    [elements, ready, durations],
  );

  const play = useCallback(() => {
    if (!ready) return;
    seek(playStart(positionRef.current, durations), true);
    setPlaying(true);
  }, [ready, seek, durations]);

  const toggle = useCallback(() => (playing ? pause() : play()), [playing, pause, play]);
  const seekTo = useCallback((time: number) => seek(time, playing), [seek, playing]);
  const seekBy = useCallback((delta: number) => seek(positionRef.current + delta, playing), [seek, playing]);

  /** Back to the start, stopped (a side got a new file). */
  const reset = useCallback(() => {
    elements()?.forEach((el) => el.pause());
    setPlaying(false);
    show(0);
  }, [elements]);

  useEffect(() => {
    if (!playing) return;
    const timer = window.setInterval(() => {
      const els = elements();
      if (!els) return;
      const leader = els[leaderOf(durations)];
      const fix = resyncCorrection([els[0].currentTime, els[1].currentTime], durations);
      // A seek already under way is not a drift; correcting it again would only stall the video.
      if (fix && !els[fix.side].seeking) els[fix.side].currentTime = fix.time;
      show(leader.currentTime);
      if (leader.ended) {
        els.forEach((el) => el.pause());
        setPlaying(false);
        show(length);
      }
    }, TICK_MS);
    return () => window.clearInterval(timer);
  }, [playing, elements, durations, length]);

  return { ready, playing, position, length, play, pause, toggle, seekTo, seekBy, reset };
}
