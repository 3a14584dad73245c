import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { saveToken } from '@/lib/storage';
import { useToastStore } from '@/stores/toast-store';
import { jsonResponse } from '@/testing/fixtures';
import { HelpForm } from './HelpForm';
import { EditorRequestList, RequestEditorForm } from './RequestEditor';

type Call = { method: string; path: string; body: unknown };

function stubApi(answer: (method: string, path: string) => unknown) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (req: Request) => {
      const path = new URL(req.url).pathname.replace(/^\/api/, '');
      const body = req.method === 'POST' ? await req.clone().json() : null;
      calls.push({ method: req.method, path, body });
      return jsonResponse(answer(req.method, path), req.method === 'POST' ? 201 : 200);
    }),
  );
  return calls;
}

const wrap = (ui: React.ReactNode) => render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>);

describe('support screens', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
    useToastStore.getState().clear();
    saveToken('tok', 't1');
  });

  it('help needs a category and a message, in the spec words, then is sent', async () => {
    const calls = stubApi(() => ({ id: 'h1', category: 'Other', message: 'x', createdAt: '2026-11-01T00:00:00Z' }));
    wrap(<HelpForm email="ada@acme-films.com" />);
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Category is a required field')).toBeInTheDocument();
    expect(screen.getByText('Please write your message')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    const categories = within(screen.getByLabelText('Category')).getAllByRole('option').map((o) => o.textContent);
    expect(categories).toEqual(['Choose a category', 'Technical Support', 'Feature Request', 'Other']);
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'Feature Request' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: '  Bulk export please ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    await vi.waitFor(() =>
      expect(calls).toEqual([
        { method: 'POST', path: '/support/help', body: { category: 'Feature Request', message: 'Bulk export please' } },
      ]),
    );
    await vi.waitFor(() =>
      expect(useToastStore.getState().toasts).toMatchObject([{ kind: 'success', message: 'Help request sent successfully' }]),
    );
  });

  it('an editor request needs a campaign, and the sender sees their requests with their status', async () => {
    const calls = stubApi((method, path) => {
      if (path === '/campaign/all-campaigns') return { items: [{ id: 'c1', title: 'Volunteer voices' }] };
      if (path === '/support/editor-requests' && method === 'GET')
        return {
          items: [
            { id: 'r2', campaignId: 'c1', campaignTitle: 'Volunteer voices', message: 'A 2-minute film', status: 'requested', createdAt: '2026-11-02T10:00:00Z', updatedAt: '2026-11-02T10:00:00Z' },
            { id: 'r1', campaignId: 'c1', campaignTitle: 'Volunteer voices', message: 'Old', status: 'cancelled', createdAt: '2026-11-01T10:00:00Z', updatedAt: '2026-11-01T11:00:00Z' },
          ],
          nextCursor: null,
        };
      return { id: 'r3', status: 'requested' };
    });
    wrap(
      <>
        <RequestEditorForm />
        <EditorRequestList />
      </>,
    );
    const list = await screen.findByRole('list', { name: 'Your editor requests' });
    const rows = within(list).getAllByRole('listitem');
    expect(within(rows[0]!).getByText('Requested')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('button', { name: 'Withdraw' })).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Withdrawn')).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('button', { name: 'Withdraw' })).toBeNull();

    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Please' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request an editor' }));
    expect(await screen.findByText('Campaign is a required field')).toBeInTheDocument();
    await screen.findByRole('option', { name: 'Volunteer voices' });
    fireEvent.change(screen.getByLabelText('Campaign'), { target: { value: 'c1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request an editor' }));
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST')).toEqual([
        { method: 'POST', path: '/support/editor-requests', body: { campaignId: 'c1', message: 'Please' } },
      ]),
    );
  });
});
