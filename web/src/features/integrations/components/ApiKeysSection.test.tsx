import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { saveToken } from '@/lib/storage';
import { useSessionStore } from '@/stores/session-store';
import { useToastStore } from '@/stores/toast-store';
import { jsonResponse, makeUser } from '@/testing/fixtures';
import { expiryOf, scopesOf, validateNewKey, type ApiKey } from '../api/integrations-api';
import { ApiKeysSection } from './ApiKeysSection';

type Call = { path: string; method: string; body: unknown };

function stub(handler: (call: Call) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string, init?: RequestInit) => {
      const req = typeof input === 'string' ? new Request(input, init) : input;
      const text = await req.clone().text();
      const call = { path: new URL(req.url).pathname.replace(/^\/api/, ''), method: req.method, body: text ? (JSON.parse(text) as unknown) : undefined };
      calls.push(call);
      return handler(call);
    }),
  );
  return calls;
}

const wrap = () => render(<QueryClientProvider client={queryClient}>{<ApiKeysSection />}</QueryClientProvider>);

const key = (overrides: Partial<ApiKey> = {}): ApiKey => ({
  id: '01KEY',
  name: 'CRM «sync» 🐝',
  scopes: ['campaigns:read', 'answers:write'],
  createdAt: '2026-11-01T10:00:00Z',
  createdBy: 'Ada Lovelace',
  expiresAt: null,
  lastUsedAt: '2026-11-20T08:30:00Z',
  revokedAt: null,
  status: 'active',
  ...overrides,
});

// Typing and clicking through a form takes seconds on a loaded machine.
describe('API keys', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
    useToastStore.setState({ toasts: [] });
    saveToken('tok', 't1');
    useSessionStore.setState({ user: makeUser('admin'), status: 'ready' });
  });

  it('turns the choices into scopes and checks the fields as the API does', () => {
    expect(scopesOf({ campaigns: 'read', answers: 'write', videos: 'none' })).toEqual(['campaigns:read', 'answers:write']);
    const now = new Date('2026-11-29T12:00:00Z');
    expect(validateNewKey('  ', [], '', now)).toEqual({ name: 'Give the key a name', scopes: 'Choose at least one scope' });
    expect(validateNewKey('🐝'.repeat(100), ['videos:read'], '', now)).toEqual({});
    expect(validateNewKey('🐝'.repeat(101), ['videos:read'], '', now).name).toMatch(/at most 100/);
    expect(validateNewKey('a', ['videos:read'], '2026-11-28', now).expiresAt).toBe('The expiry must be in the future');
    expect(validateNewKey('a', ['videos:read'], '2029-01-01', now).expiresAt).toMatch(/two years/);
    expect(new Date(expiryOf('2027-03-05') ?? '').getDate()).toBe(5);
  });

  it('lists keys with their scopes, last use, expiry and status; revoked keys cannot be revoked again', async () => {
    stub(() =>
      jsonResponse([
        key(),
        key({ id: '01OLD', name: 'שם עם "quotes"', scopes: ['publishing:read'], lastUsedAt: null, expiresAt: '2026-12-31T22:59:59Z', status: 'revoked', revokedAt: '2026-11-25T09:00:00Z' }),
      ]),
    );
    wrap();
    const rows = await screen.findAllByTestId('api-key-row');
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!);
    expect(first.getByText('CRM «sync» 🐝')).toBeInTheDocument();
    expect(first.getByText('Campaigns: read only')).toBeInTheDocument();
    expect(first.getByText('Answers: read and write')).toBeInTheDocument();
    expect(first.getByText('by Ada Lovelace')).toBeInTheDocument();
    expect(first.getByText('Active')).toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Revoke CRM «sync» 🐝' })).toBeInTheDocument();
    const second = within(rows[1]!);
    expect(second.getByText('שם עם "quotes"')).toBeInTheDocument();
    expect(second.getByText('Never')).toBeInTheDocument();
    expect(second.getByText('Revoked')).toBeInTheDocument();
    expect(second.queryByRole('button', { name: /Revoke/ })).toBeNull();
  });

  it('refuses an empty form without calling the API, then creates a key and shows it once', async () => {
    let listed: ApiKey[] = [];
    const calls = stub((call) => {
      if (call.method === 'POST') {
        listed = [key({ name: 'Nightly sync', scopes: ['campaigns:write', 'videos:read'], lastUsedAt: null })];
        return jsonResponse({ key: 'shk_01T_secretsecret', apiKey: listed[0] }, 201);
      }
      return jsonResponse(listed);
    });
    wrap();
    const u = userEvent.setup();
    await screen.findByText('No API keys yet.');
    await u.click(screen.getByRole('button', { name: 'Create key' }));
    expect(screen.getByText('Give the key a name')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one scope')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await u.type(screen.getByLabelText('Name'), '  Nightly sync ');
    await u.click(screen.getByRole('radio', { name: 'Campaigns: read and write' }));
    await u.click(screen.getByRole('radio', { name: 'Videos: read only' }));
    await u.click(screen.getByRole('button', { name: 'Create key' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Nightly sync', scopes: ['campaigns:write', 'videos:read'], expiresAt: null });
    // Shown once, with its copy button and the warning.
    expect(await screen.findByLabelText('Your new API key')).toHaveValue('shk_01T_secretsecret');
    expect(screen.getByText('you will not see it again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy api key' })).toBeInTheDocument();
    expect(await screen.findByText('Campaigns: read and write')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByLabelText('Your new API key')).toBeNull();
    expect(screen.queryByDisplayValue('shk_01T_secretsecret')).toBeNull();
  });

  it('revokes behind the confirm lock', async () => {
    let revoked = false;
    const calls = stub((call) => {
      if (call.method === 'DELETE') {
        revoked = true;
        return jsonResponse(key({ status: 'revoked', revokedAt: '2026-11-29T10:00:00Z' }));
      }
      return jsonResponse([revoked ? key({ status: 'revoked' }) : key()]);
    });
    wrap();
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Revoke CRM «sync» 🐝' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke this API key?' });
    expect(within(dialog).getByText(/stops working at once/)).toBeInTheDocument();
    const confirm = within(dialog).getByRole('button', { name: 'Revoke' });
    await u.click(confirm);
    // Locked after the click: a second click sends nothing more.
    expect(confirm).toBeDisabled();
    await u.click(confirm);
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/organisation/api-keys/01KEY');
    expect(await screen.findByText('Revoked')).toBeInTheDocument();
    expect(useToastStore.getState().toasts.map((t) => t.message)).toContain('API key revoked. Calls with it are refused from now on.');
  });
});
