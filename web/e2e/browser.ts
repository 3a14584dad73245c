/**
 * Debian's Chromium as every spec launches it (nothing is downloaded): its flags are written here
 * once, for playwright.config.ts and for the specs that need a camera or launch a browser of their
 * own.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
];

/**
 * Frames a second of the fake camera. The studio asks for 1920x1080 and Chromium's fake camera
 * gives it; each frame is drawn, shown in the preview and encoded in software, on a machine
 * whose two cores also run the stack under test. At 10 frames a second instead of the fake
 * camera's 20, the browser spends less on each second recorded (docs/BENCHMARKS.md, "The test
 * command"); what the specs check (takes, their length, parts and orientation) is the same.
 */
export const FAKE_CAMERA_FPS = 10;

/** A fake camera and microphone, and no permission prompt. */
export const FAKE_MEDIA_ARGS = [
  `--use-fake-device-for-media-stream=fps=${FAKE_CAMERA_FPS}`,
  '--use-fake-ui-for-media-stream',
];

/** Launch options: the flags above, then `extra`. */
export const launchOptions = (...extra: string[]) => ({
  executablePath: CHROMIUM_PATH,
  args: [...CHROMIUM_ARGS, ...extra],
});
