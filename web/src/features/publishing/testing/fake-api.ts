import { vi } from 'vitest';
import type { Publication, Stats } from '../api/contract';

export type Call = { method: string; path: string; query: Record<string, string>; body: Record<string, unknown> | null };
type Handler = (call: Call) => Response | undefined;

export const ZERO: Stats = { views: 0, embedLoads: 0, plays: 0, progress25: 0, progress50: 0, progress75: 0, progress100: 0 };

export function publication(n: number, over: Partial<Publication> = {}): Publication {
  const slug = `slug${n}abcdefghijklmnopq`.slice(0, 22);
  return {
    publicationId: slug,
    slug,
    kind: 'answer',
    status: 'live',
    title: `Story ${n}`,
    campaignId: 'c1',
    campaignTitle: 'Harbour stories',
    contributorId: `k${n}`,
    questionId: `q${n}`,
    videoId: null,
    speakers: [{ contributorId: `k${n}`, name: 'Amal K.' }],
    publishedAt: '2026-11-28T10:00:00Z',
    publishedBy: 'Ada Lovelace',
    takenDownAt: null,
    takedownReason: null,
    shareUrl: `https://stories.example/v/${slug}`,
    embedUrl: `https://stories.example/embed/${slug}`,
    iframeSnippet: `<iframe src="https://stories.example/embed/${slug}" width="640" height="360" allowfullscreen></iframe>`,
    captionsVttUrl: `/published/${slug}/captions.vtt`,
    captionsSrtUrl: `/published/${slug}/captions.srt`,
    posterUrl: `/published/${slug}/poster.jpg`,
    durationSeconds: 42.5,
    stats: { ...ZERO, views: 1234, plays: 10, progress100: 4 },
    ...over,
  };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Stubs fetch with `handler` (first answer wins), recording every call; unknown calls answer 404. */
export function stubApi(handler: Handler): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (req: Request) => {
      const url = new URL(req.url);
      const path = url.pathname.replace(/^\/api/, '');
      const body = req.method === 'GET' || req.method === 'DELETE' ? null : await req.clone().json().catch(() => null);
      const call = { method: req.method, path, query: Object.fromEntries(url.searchParams), body };
      calls.push(call);
      return handler(call) ?? jsonResponse({ detail: 'Not found' }, 404);
    }),
  );
  return calls;
}
