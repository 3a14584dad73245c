// zod/mini: the same validation in a few kilobytes, since this file is in every page's bundle.
import * as z from 'zod/mini';

/** Every environment variable the app reads, validated in one place. */
const EnvSchema = z.object({
  /** Base URL of the API: '/api', on the app's own origin (the local gateway; CloudFront in the cloud). */
  API_BASE_URL: z._default(z.string().check(z.trim(), z.minLength(1)), '/api'),
  /**
   * The support chat widget's script (an https URL), loaded on staff pages only; no widget when unset.
   * Set at build time (VITE_SUPPORT_CHAT_SCRIPT_URL), see docs/DEPLOY.md.
   */
  SUPPORT_CHAT_SCRIPT_URL: z.optional(
    z.string().check(
      z.trim(),
      z.refine((value) => isHttpsUrl(value), 'must be an https:// URL'),
    ),
  ),
  /**
   * The key the video test page (/videotest) sends as `x-api-key` to the video processing call; set at
   * build time (VITE_VIDEO_PROCESSING_API_KEY). Without it the page cannot process videos.
   */
  VIDEO_PROCESSING_API_KEY: z.optional(z.string().check(z.trim(), z.minLength(1))),
});

export type Env = { API_BASE_URL: string; SUPPORT_CHAT_SCRIPT_URL?: string; VIDEO_PROCESSING_API_KEY?: string };

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
  const parsed = EnvSchema.safeParse({
    API_BASE_URL: given(source.VITE_API_BASE_URL),
    SUPPORT_CHAT_SCRIPT_URL: given(source.VITE_SUPPORT_CHAT_SCRIPT_URL),
    VIDEO_PROCESSING_API_KEY: given(source.VITE_VIDEO_PROCESSING_API_KEY),
  });
  if (!parsed.success) {
    throw new Error(
      `Invalid environment: ${parsed.error.issues.map((i) => `VITE_${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  const env: Env = { API_BASE_URL: parsed.data.API_BASE_URL.replace(/\/+$/, '') };
  if (parsed.data.SUPPORT_CHAT_SCRIPT_URL) env.SUPPORT_CHAT_SCRIPT_URL = parsed.data.SUPPORT_CHAT_SCRIPT_URL.trim();
  if (parsed.data.VIDEO_PROCESSING_API_KEY) env.VIDEO_PROCESSING_API_KEY = parsed.data.VIDEO_PROCESSING_API_KEY.trim();
  return env;
}

export const env: Env = parseEnv(import.meta.env);
