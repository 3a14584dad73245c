/**
 * The clock of two videos compared side by side, as pure functions over their times and durations.
 * The longer video is the timeline (the seek slider spans it); the shorter follows it until its own
 * end and then rests on its last frame while the longer one plays on.
 */

/** How far (seconds) the follower may drift from the timeline while playing before it is resynced. */
export const DRIFT_THRESHOLD = 0.1;

export type Side = 0 | 1;
export type Pair<T> = readonly [T, T];

/** The side whose clock is the timeline: the longer video (the first one when equal). */
export function leaderOf(durations: Pair<number>): Side {
  return durations[1] > durations[0] ? 1 : 0;
}

/** The length of the shared timeline: the longer duration. */
export function timelineLength(durations: Pair<number>): number {
  return Math.max(durations[0], durations[1], 0);
}

/** Where each video goes when the timeline is sought to `time`, and whether it still has footage to play there. */
export function planSeek(time: number, durations: Pair<number>): Pair<{ time: number; playable: boolean }> {
  const target = Math.min(Math.max(time, 0), timelineLength(durations));
  const side = (duration: number) => ({ time: Math.min(target, duration), playable: target < duration });
  return [side(durations[0]), side(durations[1])];
}

/**
 * Where play starts: from the current position, or from the beginning when the timeline is at its
 * end (pressing play after both ended replays them).
 */
export function playStart(position: number, durations: Pair<number>): number {
  return position >= timelineLength(durations) ? 0 : position;
}

/**
 * The correction the follower needs while playing: the time to jump it to when it drifted more than
 * `threshold` from the leader, or null when it is in step or has (or should have) reached its end.
 */
export function resyncCorrection(
  times: Pair<number>,
  durations: Pair<number>,
  threshold = DRIFT_THRESHOLD,
): { side: Side; time: number } | null {
  const leader = leaderOf(durations);
  const follower: Side = leader === 0 ? 1 : 0;
  const leaderTime = times[leader];
  // Past (or about to reach) its end the follower rests; its ending is not a drift.
  if (leaderTime >= durations[follower] - threshold) return null;
  if (Math.abs(times[follower] - leaderTime) <= threshold) return null;
  return { side: follower, time: leaderTime };
}

/** "m:ss" for a number of seconds (clock display and screen-reader value text). */
export function formatTime(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const minutes = Math.floor(whole / 60);
  return `${minutes}:${String(whole % 60).padStart(2, '0')}`;
}

/** Whether a picked file is a video the browser may play (its type, or its extension when the type is empty). */
export function isVideoFile(file: File): boolean {
  if (file.type) return file.type.startsWith('video/');
  return /\.(webm|mp4|m4v|mov|ogv|mkv)$/i.test(file.name);
}
