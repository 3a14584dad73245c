/**
 * Every environment variable the app reads, validated in one place. Plain checks, no schema library:
 * this file is in every page's bundle, the contributor pages' too.
 * - VITE_API_BASE_URL: base URL of the API, default '/api' on the app's own origin (the local gateway;
 *   CloudFront in the cloud).
 * - VITE_SUPPORT_CHAT_SCRIPT_URL: the support chat widget's script (an https URL), loaded on staff pages
 *   only; no widget when unset. Set at build time, see docs/DEPLOY.md.
 * - VITE_VIDEO_PROCESSING_API_KEY: the key the video test page (/videotest) sends as `x-api-key` to the
 *   video processing call; set at build time. Without it the page cannot process videos.
 * - PROD (set by Vite): a production build (`vite build`); false on the dev server and in Vitest. The
 *   service worker is registered in production builds only.
 */
export type Env = { API_BASE_URL: string; SUPPORT_CHAT_SCRIPT_URL?: string; VIDEO_PROCESSING_API_KEY?: string; PRODUCTION_BUILD: boolean };

function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

/** An unset or blank variable is left out (its default applies). */
function given(raw: unknown): unknown {
  return typeof raw === 'string' && raw.trim() === '' ? undefined : raw;
}

export function parseEnv(source: Record<string, unknown>): Env {
  const problems: string[] = [];
  const apiBaseUrl = given(source.VITE_API_BASE_URL) ?? '/api';
  if (typeof apiBaseUrl !== 'string') problems.push('VITE_API_BASE_URL: must be a string');
  const chat = given(source.VITE_SUPPORT_CHAT_SCRIPT_URL);
  if (chat !== undefined && (typeof chat !== 'string' || !isHttpsUrl(chat.trim()))) {
    problems.push('VITE_SUPPORT_CHAT_SCRIPT_URL: must be an https:// URL');
  }
  const videoKey = given(source.VITE_VIDEO_PROCESSING_API_KEY);
  if (videoKey !== undefined && typeof videoKey !== 'string') {
    problems.push('VITE_VIDEO_PROCESSING_API_KEY: must be a string');
  }
  if (problems.length) throw new Error(`Invalid environment: ${problems.join('; ')}`);
  const env: Env = { API_BASE_URL: String(apiBaseUrl).trim().replace(/\/+$/, ''), PRODUCTION_BUILD: source.PROD === true };
  if (typeof chat === 'string') env.SUPPORT_CHAT_SCRIPT_URL = chat.trim();
  if (typeof videoKey === 'string') env.VIDEO_PROCESSING_API_KEY = videoKey.trim();
  return env;
}

export const env: Env = parseEnv(import.meta.env);
