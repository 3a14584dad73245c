import { describe, expect, it, vi } from 'vitest';
import { useToastStore } from '@/stores/toast-store';
import { jsonResponse } from '@/testing/fixtures';
import { call, createApiClient } from './client';
import { ApiError, endsSession, extractErrorMessage, fieldErrorsOf } from './errors';

const BASE = 'http://localhost/api';

describe('extractErrorMessage', () => {
  it('takes the message of the first item of an array body', () => {
    expect(
      extractErrorMessage([
        { field: 'email', message: 'Email is already registered' },
        { field: 'password', message: 'Second message' },
      ]),
    ).toBe('Email is already registered');
  });

  it('takes a string detail otherwise', () => {
    expect(extractErrorMessage({ detail: 'Please enter correct email and password' })).toBe(
      'Please enter correct email and password',
    );
  });

  it("takes the detail of the API's ErrorBody, also when it lists field errors", () => {
    expect(
      extractErrorMessage({
        detail: 'First name must be at least 3 characters',
        errors: [
          { field: 'firstName', message: 'First name must be at least 3 characters' },
          { field: 'email', message: 'Please enter a valid email address' },
        ],
        requestId: 'req-1',
      }),
    ).toBe('First name must be at least 3 characters');
    // The detail is what is shown, not some other field's message.
    expect(
      extractErrorMessage({ detail: 'Please check the form', errors: [{ field: 'email', message: 'Other' }], requestId: 'r' }),
    ).toBe('Please check the form');
    expect(extractErrorMessage({ detail: '', errors: [{ field: 'email', message: 'Other' }], requestId: 'r' })).toBe(
      'Something went wrong',
    );
  });

  it('falls back to the common message', () => {
    expect(extractErrorMessage(undefined)).toBe('Something went wrong');
    expect(extractErrorMessage('plain text')).toBe('Something went wrong');
    expect(extractErrorMessage([])).toBe('Something went wrong');
    expect(extractErrorMessage([{ field: 'x' }])).toBe('Something went wrong');
    expect(extractErrorMessage({ detail: 42 })).toBe('Something went wrong');
    expect(extractErrorMessage({ message: 'not the contract' })).toBe('Something went wrong');
  });
});

describe('fieldErrorsOf', () => {
  it("reads the errors of an ErrorBody", () => {
    expect(
      fieldErrorsOf({
        detail: 'Please enter a valid email address',
        errors: [
          { field: 'email', message: 'Please enter a valid email address' },
          { field: 'lastName', message: 'Last name is a required field' },
        ],
        requestId: 'req-2',
      }),
    ).toEqual([
      { field: 'email', message: 'Please enter a valid email address' },
      { field: 'lastName', message: 'Last name is a required field' },
    ]);
  });

  it("reads the spec's array form the same way", () => {
    expect(fieldErrorsOf([{ field: 'email', message: 'Email is already registered' }])).toEqual([
      { field: 'email', message: 'Email is already registered' },
    ]);
  });

  it('is empty without field errors and skips malformed items', () => {
    expect(fieldErrorsOf({ detail: 'Not found', requestId: 'r' })).toEqual([]);
    expect(fieldErrorsOf(undefined)).toEqual([]);
    expect(fieldErrorsOf('text')).toEqual([]);
    expect(fieldErrorsOf({ detail: 'x', errors: 'nope', requestId: 'r' })).toEqual([]);
    expect(fieldErrorsOf({ errors: [{ field: 'a' }, { message: 'b' }, null, { field: 'c', message: ' ' }, { field: 'd', message: 'ok' }] })).toEqual([
      { field: 'd', message: 'ok' },
    ]);
  });
});

describe('call', () => {
  const toasts = () => useToastStore.getState().toasts;

  it('returns the data of a successful call', async () => {
    const client = createApiClient({ withToken: false, baseUrl: BASE, fetch: async () => jsonResponse({ message: 'ok' }) });
    await expect(call(client.POST('/user/forgotPassword', { body: { email: 'a@b.co' } }))).resolves.toEqual({ message: 'ok' });
    expect(toasts()).toHaveLength(0);
  });

  it('toasts and throws the first validation message', async () => {
    const client = createApiClient({
      withToken: false,
      baseUrl: BASE,
      fetch: async () => jsonResponse([{ field: 'email', message: 'Please enter your work email address' }], 400),
    });
    const error = await call(client.POST('/user/register', { body: { email: '', password: 'x' } })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).message).toBe('Please enter your work email address');
    expect(toasts()).toMatchObject([{ kind: 'error', message: 'Please enter your work email address' }]);
  });

  it('toasts the detail of an ErrorBody with field errors, and keeps the body on the error', async () => {
    const body = {
      detail: 'Please enter your work email address',
      errors: [
        { field: 'email', message: 'Please enter your work email address' },
        { field: 'password', message: 'Second message' },
      ],
      requestId: 'req-9',
    };
    const client = createApiClient({ withToken: false, baseUrl: BASE, fetch: async () => jsonResponse(body, 400) });
    const error = await call(client.POST('/user/register', { body: { email: '', password: 'x' } })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Please enter your work email address');
    expect(fieldErrorsOf((error as ApiError).body).map((e) => e.field)).toEqual(['email', 'password']);
    expect(toasts()).toMatchObject([{ kind: 'error', message: 'Please enter your work email address' }]);
  });

  it('toasts the detail of an error body', async () => {
    const client = createApiClient({
      withToken: false,
      baseUrl: BASE,
      fetch: async () => jsonResponse({ detail: 'Please enter correct email and password' }, 400),
    });
    await expect(call(client.POST('/auth/login', { body: { email: 'a@b.co', password: 'x', staffLogin: false } }))).rejects.toThrow(
      'Please enter correct email and password',
    );
    expect(toasts()[0]?.message).toBe('Please enter correct email and password');
  });

  it('uses the common message for a body without message or detail', async () => {
    const client = createApiClient({
      withToken: false,
      baseUrl: BASE,
      fetch: async () => new Response('Bad gateway', { status: 502 }),
    });
    await expect(call(client.GET('/user/getCountryList'))).rejects.toThrow('Something went wrong');
    expect(toasts()[0]?.message).toBe('Something went wrong');
  });

  it('does not toast when toasts are disabled for the call', async () => {
    const client = createApiClient({ withToken: false, baseUrl: BASE, fetch: async () => jsonResponse({ detail: 'No' }, 429) });
    await expect(call(client.POST('/auth/login', { body: { email: 'a@b.co', password: 'x', staffLogin: false } }), { toast: false })).rejects.toThrow('No');
    expect(toasts()).toHaveLength(0);
  });

  it('gives the common message for an aborted request and rethrows', async () => {
    const controller = new AbortController();
    const fetchImpl = vi.fn((request: Request) => {
      return new Promise<Response>((_, reject) => {
        request.signal.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
      });
    });
    const client = createApiClient({ withToken: false, baseUrl: BASE, fetch: fetchImpl as unknown as typeof fetch });
    const pending = call(client.GET('/user/getCountryList', { signal: controller.signal }));
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(0);
    expect((error as ApiError).message).toBe('Something went wrong');
    expect(toasts()[0]?.message).toBe('Something went wrong');
  });

  it('gives the common message for a network error', async () => {
    const client = createApiClient({
      withToken: false,
      baseUrl: BASE,
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(call(client.GET('/user/getCountryList'))).rejects.toThrow('Something went wrong');
  });
});

describe('endsSession', () => {
  it('is true only for 401/403 on calls made with a token', () => {
    expect(endsSession(401, true)).toBe(true);
    expect(endsSession(403, true)).toBe(true);
    expect(endsSession(401, false)).toBe(false);
    expect(endsSession(400, true)).toBe(false);
    expect(endsSession(429, true)).toBe(false);
    expect(endsSession(500, true)).toBe(false);
  });
});
