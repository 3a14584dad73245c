import type { DeviceType, VideoConfig } from '../types';

/** Spec sections 5 and 9: speed 1..100 (default 20), contrast 0..100 (default 50), font 12..64 step 2 (24 mobile, 40 otherwise). */
export const SPEED = { min: 1, max: 100, default: 20 } as const;
export const CONTRAST = { min: 0, max: 100, default: 50 } as const;
export const FONT = { min: 12, max: 64, step: 2, mobile: 24, other: 40 } as const;

/** Debounces (spec section 9). */
export const SETTINGS_SAVE_DELAY_MS = 500;
export const VIDEO_CONFIG_POST_DELAY_MS = 1000;
export const SCRIPT_SAVE_DELAY_MS = 500;
export const AUTOSCROLL_RESUME_MS = 1500;

export type TeleprompterSettings = { speed: number; contrast: number; fontSize: number };

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));

export function defaultFontSize(device: DeviceType): number {
  return device === 'Mobile' ? FONT.mobile : FONT.other;
}

export function clampFont(v: number): number {
  const stepped = Math.round(v / FONT.step) * FONT.step;
  return clamp(stepped, FONT.min, FONT.max);
}

/** Settings from a stored video config, with the spec's defaults and ranges. */
export function settingsFrom(config: Partial<VideoConfig> | null | undefined, device: DeviceType): TeleprompterSettings {
  const speed = typeof config?.speed === 'number' ? clamp(Math.round(config.speed), SPEED.min, SPEED.max) : SPEED.default;
  const contrast = typeof config?.contrast === 'number' ? clamp(Math.round(config.contrast), CONTRAST.min, CONTRAST.max) : CONTRAST.default;
  const fontSize = typeof config?.fontSize === 'number' ? clampFont(config.fontSize) : defaultFontSize(device);
  return { speed, contrast, fontSize };
}

/** Auto-scroll speed: pixels per second for a speed setting. */
export function pixelsPerSecond(speed: number): number {
  return speed * 1.5;
}
