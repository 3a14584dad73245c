import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { saveToken } from '@/lib/storage';
import { useToastStore } from '@/stores/toast-store';
import { jsonResponse } from '@/testing/fixtures';
import { EVENTS_REQUIRED, URL_NOT_HTTPS, URL_REQUIRED } from '../webhook-schemas';
import { NO_ENDPOINTS, WebhooksSection } from './WebhooksSection';

const eventTypes = [
  'answer.stored',
  'answer.ready',
  'collaborator.submitted',
  'video.rendered',
  'video.published',
  'video.unpublished',
  'consent.withdrawn',
];
const endpoint = {
  id: 'e1',
  url: 'https://hooks.example.com/in',
  kind: 'standard',
  description: 'CRM',
  events: ['answer.stored'],
  enabled: true,
  disabledReason: null,
  secretHint: 'whsec_abcd…',
  previousSecretUntil: null,
  failingSince: null,
  lastSuccessAt: null,
  createdAt: '2026-11-01T00:00:00Z',
};

type Call = { method: string; path: string; body: unknown };

function stubApi(endpoints: () => unknown[]) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (req: Request) => {
      const url = new URL(req.url);
      const path = url.pathname.replace(/^\/api/, '');
      const text = req.method === 'GET' || req.method === 'DELETE' ? '' : await req.clone().text();
      calls.push({ method: req.method, path, body: text ? JSON.parse(text) : null });
      if (req.method === 'GET' && path.endsWith('/deliveries')) {
        return jsonResponse({
          items: [
            {
              id: 'a1',
              eventId: 'msg_1',
              eventType: 'webhook.test',
              at: '2026-11-01T10:00:00Z',
              attempt: 1,
              manual: false,
              ok: false,
              statusCode: 500,
              durationMs: 12,
              error: 'Answered 500 Internal Server Error',
              nextAttemptAt: '2026-11-01T10:00:05Z',
            },
          ],
          nextCursor: null,
        });
      }
      if (req.method === 'GET') return jsonResponse({ endpoints: endpoints(), eventTypes });
      if (req.method === 'DELETE') return jsonResponse({ message: 'Webhook endpoint deleted' });
      if (path === '/webhooks/endpoints') return jsonResponse({ endpoint, secret: 'whsec_c2VjcmV0c2VjcmV0' }, 201);
      return jsonResponse({ eventId: 'msg_1' }, 202);
    }),
  );
  return calls;
}

function renderSection() {
  return render(
    <QueryClientProvider client={queryClient}>
      <WebhooksSection />
    </QueryClientProvider>,
  );
}

describe('WebhooksSection', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
    useToastStore.getState().clear();
    saveToken('tok', 't1');
  });

  it('checks a new endpoint in the API words, sends it, then shows its secret once', async () => {
    const calls = stubApi(() => []);
    renderSection();
    expect(await screen.findByText(NO_ENDPOINTS)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { hidden: true, name: 'Add webhook endpoint' });
    const add = () => fireEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint', hidden: true }));
    add();
    expect(await within(dialog).findByText(URL_REQUIRED)).toBeInTheDocument();
    expect(within(dialog).getByText(EVENTS_REQUIRED)).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Address'), { target: { value: 'ftp://hooks.example.com' } });
    add();
    expect(await within(dialog).findByText(URL_NOT_HTTPS)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Address'), { target: { value: ' https://hooks.example.com/in ' } });
    fireEvent.change(within(dialog).getByLabelText('Description (optional)'), { target: { value: 'CRM' } });
    fireEvent.click(within(dialog).getByLabelText('Answer stored'));
    fireEvent.click(within(dialog).getByLabelText('Consent withdrawn'));
    add();
    const secret = await screen.findByRole('dialog', { hidden: true, name: 'Signing secret' });
    expect(within(secret).getByDisplayValue('whsec_c2VjcmV0c2VjcmV0')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      path: '/webhooks/endpoints',
      body: {
        url: 'https://hooks.example.com/in',
        kind: 'standard',
        description: 'CRM',
        events: ['answer.stored', 'consent.withdrawn'],
      },
    });
  });

  it('shows the delivery log with the answer code, and deletes behind the confirm lock', async () => {
    const calls = stubApi(() => [endpoint]);
    renderSection();
    const card = await screen.findByRole('article', { name: endpoint.url });
    fireEvent.click(within(card).getByRole('button', { name: 'Show deliveries' }));
    expect(await within(card).findByText('Failed (500)')).toBeInTheDocument();
    expect(within(card).getByText('Answered 500 Internal Server Error')).toBeInTheDocument();
    fireEvent.click(within(card).getByRole('button', { name: 'Redeliver msg_1' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/webhooks/endpoints/e1/deliveries/msg_1/redeliver')).toBe(true));

    fireEvent.click(within(card).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { hidden: true, name: 'Delete webhook endpoint' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete', hidden: true });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/webhooks/endpoints/e1');
  });
});
