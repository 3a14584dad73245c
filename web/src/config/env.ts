// zod/mini: the same validation in a few kilobytes, since this file is in every page's bundle.
import * as z from 'zod/mini';

/** Every environment variable the app reads, validated in one place. */
const EnvSchema = z.object({
  /** Base URL of the API: '/api', on the app's own origin (the local gateway; CloudFront in the cloud). */
  API_BASE_URL: z._default(z.string().check(z.trim(), z.minLength(1)), '/api'),
});

export type Env = { API_BASE_URL: string };

export function parseEnv(source: Record<string, unknown>): Env {
  const raw = source.VITE_API_BASE_URL;
  const parsed = EnvSchema.safeParse({ API_BASE_URL: typeof raw === 'string' && raw.trim() === '' ? undefined : raw });
  if (!parsed.success) {
    throw new Error(
      `Invalid environment: ${parsed.error.issues.map((i) => `VITE_${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  return { API_BASE_URL: parsed.data.API_BASE_URL.replace(/\/+$/, '') };
}

export const env: Env = parseEnv(import.meta.env);
