import type { DeviceType, RecordingMode } from '../types';

/**
 * Device type (spec section 9): Mobile (300 to 600 px), Tablet (768 to 1024 px), else Desktop, with
 * user-agent checks (a phone or tablet user agent wins over the width).
 */
export function detectDeviceType(width: number, userAgent: string): DeviceType {
  const ua = userAgent;
  if (/iPad|Tablet|PlayBook|Silk|Kindle/i.test(ua) || (/Android/i.test(ua) && !/Mobile/i.test(ua))) return 'Tablet';
  if (/iPhone|iPod|Android.*Mobile|Windows Phone|IEMobile|BlackBerry|Opera Mini|Mobile Safari/i.test(ua)) return 'Mobile';
  // iPadOS reports a desktop Safari user agent but has touch points.
  if (/Macintosh/i.test(ua) && typeof navigator !== 'undefined' && navigator.maxTouchPoints > 1) return 'Tablet';
  if (width >= 300 && width <= 600) return 'Mobile';
  if (width >= 768 && width <= 1024) return 'Tablet';
  return 'Desktop';
}

export function currentDeviceType(): DeviceType {
  if (typeof window === 'undefined') return 'Desktop';
  return detectDeviceType(window.innerWidth, navigator.userAgent);
}

export function currentOrientation(): RecordingMode {
  if (typeof window === 'undefined') return 'landscape';
  return window.innerWidth >= window.innerHeight ? 'landscape' : 'portrait';
}

/**
 * The orientation alert that blocks the start, or null. Desktop screens cannot turn, so only phones and
 * tablets are held to the campaign's mode.
 */
export function orientationAlert(mode: RecordingMode, orientation: RecordingMode, device: DeviceType): string | null {
  if (device === 'Desktop' || mode === orientation) return null;
  return mode === 'landscape' ? 'turn to landscape' : 'turn to portrait';
}
