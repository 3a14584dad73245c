import { api } from '@/lib/api/client';

type Init = { params?: { query?: Record<string, string | number | undefined> }; body?: unknown; signal?: AbortSignal };
type Result = Promise<{ data?: unknown; error?: unknown; response: Response }>;
type Method = (path: string, init?: Init) => Result;

/**
 * The staff client (its token, its session ending on 401/403) for the publishing routes, whose
 * paths are not in the generated document yet: the answers are typed by ./contract instead.
 */
export const http = api as unknown as Record<'GET' | 'POST' | 'PUT' | 'DELETE', Method>;

export const enc = encodeURIComponent;
