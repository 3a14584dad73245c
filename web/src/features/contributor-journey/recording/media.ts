import { t } from '../i18n/i18n';

/** Capture and recorder settings (spec section 9). */
export const VIDEO_BITS_PER_SECOND = 8_000_000;
export const AUDIO_BITS_PER_SECOND = 192_000;
export const CHUNK_INTERVAL_MS = 1000;
export const COUNTDOWN_SECONDS = 5;
/** The countdown's rotating tips, in the page's language. */
export const countdownTips = () =>
  [t('countdown.tip1'), t('countdown.tip2'), t('countdown.tip3'), t('countdown.tip4'), t('countdown.tip5')] as const;

export const noCodecMessage = () => t('media.noCodec');
export const startFailedMessage = () => t('media.startFailed');
export const streamUnavailableMessage = () => t('media.streamUnavailable');

/**
 * MP4 first (Safari claims WebM support it does not deliver; Chromium on Linux records H.264 + Opus),
 * then WebM.
 */
export const MIME_CANDIDATES = [
  'video/mp4;codecs=avc1,mp4a',
  'video/mp4;codecs=avc1,opus',
  'video/mp4',
  'video/webm;codecs=vp9,opus',
  'video/webm;codecs=vp8,opus',
  'video/webm',
] as const;

export function pickMimeType(isSupported: (type: string) => boolean): string | null {
  for (const type of MIME_CANDIDATES) {
    try {
      if (isSupported(type)) return type;
    } catch {
      /* try the next one */
    }
  }
  return null;
}

/** The container type sent to the upload API (codecs dropped). */
export function baseContentType(mimeType: string): string {
  return (mimeType.split(';')[0] ?? mimeType).trim() || 'video/webm';
}

export type Resolution = { width: number; height: number };
export const FALLBACK_RESOLUTION: Resolution = { width: 854, height: 480 };

/**
 * Spec section 9: 1920x1080 when supported, else 1280x720, else the lower of the device limit and
 * 1280x720; 854x480 as the fallback when nothing is known.
 */
export function pickResolution(capabilities: { width?: { max?: number }; height?: { max?: number } } | null): Resolution {
  const maxW = capabilities?.width?.max;
  const maxH = capabilities?.height?.max;
  if (!maxW || !maxH) return FALLBACK_RESOLUTION;
  const long = Math.max(maxW, maxH);
  const short = Math.min(maxW, maxH);
  if (long >= 1920 && short >= 1080) return { width: 1920, height: 1080 };
  if (long >= 1280 && short >= 720) return { width: 1280, height: 720 };
  return { width: Math.min(long, 1280), height: Math.min(short, 720) };
}

export type CameraFacing = 'user' | 'environment';

/** Opens the camera and microphone at the best resolution the device offers. */
export async function openCamera(facing: CameraFacing): Promise<MediaStream> {
  const stream = await navigator.mediaDevices.getUserMedia({
    video: { facingMode: facing, width: { ideal: 1920 }, height: { ideal: 1080 } },
    audio: { echoCancellation: true, noiseSuppression: true },
  });
  const track = stream.getVideoTracks()[0];
  if (track) {
    const caps = typeof track.getCapabilities === 'function' ? track.getCapabilities() : null;
    const wanted = pickResolution(caps as Parameters<typeof pickResolution>[0]);
    try {
      await track.applyConstraints({ width: { ideal: wanted.width }, height: { ideal: wanted.height }, facingMode: facing });
    } catch {
      try {
        await track.applyConstraints({ width: { ideal: FALLBACK_RESOLUTION.width }, height: { ideal: FALLBACK_RESOLUTION.height } });
      } catch {
        /* keep what the camera gives */
      }
    }
  }
  return stream;
}

/** Stops every track: camera and microphone are released. */
export function releaseStream(stream: MediaStream | null | undefined): void {
  stream?.getTracks().forEach((t) => t.stop());
}

/** True for errors meaning camera or microphone access is unavailable. */
export function isAccessError(error: unknown): boolean {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  return ['NotAllowedError', 'NotFoundError', 'NotReadableError', 'SecurityError', 'OverconstrainedError', 'AbortError'].includes(name) ||
    typeof navigator === 'undefined' || !navigator.mediaDevices;
}

/** What a refused file is told: the spec's words, then what an answer takes (the API's words). */
export const answerFileRefused = () => t('media.fileRefused');

/** Accepted upload files: video up to 500 MB. */
export const MAX_VIDEO_BYTES = 500 * 1024 * 1024;
export const UPLOAD_TYPES = ['video/mp4', 'video/webm', 'video/quicktime', 'video/x-matroska'];

export function uploadFileType(file: { type: string; name: string; size: number }): string | null {
  if (file.size <= 0 || file.size > MAX_VIDEO_BYTES) return null;
  if (UPLOAD_TYPES.includes(file.type)) return file.type;
  const ext = file.name.toLowerCase().split('.').pop();
  const byExt: Record<string, string> = { mp4: 'video/mp4', m4v: 'video/mp4', webm: 'video/webm', mov: 'video/quicktime', mkv: 'video/x-matroska' };
  if (!file.type || file.type.startsWith('video/')) return (ext && byExt[ext]) || null;
  return null;
}
