import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { saveToken } from '@/lib/storage';
import { useToastStore } from '@/stores/toast-store';
import { jsonResponse } from '@/testing/fixtures';
import { GuidelinesManager, NO_GUIDELINES } from './GuidelinesManager';

const at = '2026-11-01T00:00:00Z';
const lighting = {
  id: 'g1',
  title: 'Lighting',
  values: [
    { id: 'v1', value: 'Face a window' },
    { id: 'v2', value: 'Avoid backlight' },
  ],
  createdAt: at,
  updatedAt: at,
};

type Call = { method: string; path: string; body: unknown };

/** A fake API: answers the list from `pages`, records every call. */
function stubApi(list: () => unknown) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (req: Request) => {
      const url = new URL(req.url);
      const body = req.method === 'GET' || req.method === 'DELETE' ? null : await req.clone().json();
      calls.push({ method: req.method, path: url.pathname.replace(/^\/api/, ''), body });
      if (req.method === 'GET') return jsonResponse(list());
      if (req.method === 'DELETE') return jsonResponse({ message: 'Guideline title deleted successfully' });
      return jsonResponse(lighting, req.method === 'POST' ? 201 : 200);
    }),
  );
  return calls;
}

function renderManager() {
  return render(
    <QueryClientProvider client={queryClient}>
      <GuidelinesManager />
    </QueryClientProvider>,
  );
}

describe('GuidelinesManager', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
    useToastStore.getState().clear();
    saveToken('tok', 't1');
  });
  afterEach(() => vi.useRealTimers());

  it("says 'No guidelines present' when there are none", async () => {
    stubApi(() => ({ items: [], nextCursor: null }));
    renderManager();
    expect(await screen.findByText('No guidelines present')).toBeInTheDocument();
  });

  it('checks a new title in the spec words, then sends it with its non-blank guidelines', async () => {
    const calls = stubApi(() => ({ items: [], nextCursor: null }));
    renderManager();
    await screen.findByText(NO_GUIDELINES);
    fireEvent.click(screen.getByRole('button', { name: 'Add title' }));
    const dialog = await screen.findByRole('dialog', { hidden: true, name: 'New guideline title' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add title', hidden: true }));
    expect(await within(dialog).findByText('Title is a required field')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'x'.repeat(251) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add title', hidden: true }));
    expect(await within(dialog).findByText('Title must be at most 250 characters')).toBeInTheDocument();

    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: ' Lighting ' } });
    fireEvent.change(within(dialog).getByLabelText('Guideline 1'), { target: { value: 'Face a window' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add another guideline', hidden: true }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add another guideline', hidden: true }));
    fireEvent.change(within(dialog).getByLabelText('Guideline 3'), { target: { value: 'Avoid backlight' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add title', hidden: true }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      path: '/guideline/addguidelinetitle',
      body: { title: 'Lighting', values: ['Face a window', 'Avoid backlight'] },
    });
    await vi.waitFor(() =>
      expect(useToastStore.getState().toasts).toMatchObject([{ kind: 'success', message: 'Guideline title added successfully' }]),
    );
  });

  it('deletes a title only after a confirmation whose button locks for 5 seconds', async () => {
    const calls = stubApi(() => ({ items: [lighting], nextCursor: null }));
    renderManager();
    const card = await screen.findByRole('article', { name: 'Lighting' });
    expect(within(card).getByText('Avoid backlight')).toBeInTheDocument();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(within(card).getByRole('button', { name: 'Delete title' }));
    const dialog = await screen.findByRole('dialog', { hidden: true, name: 'Delete guideline title?' });
    expect(within(dialog).getByText(/also deletes its 2 guidelines/)).toBeInTheDocument();
    const confirm = within(dialog).getByRole('button', { name: 'Delete', hidden: true });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect(confirm).toHaveAttribute('data-locked', 'true');
    await vi.waitFor(() => expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/guideline/delete/g1');
    await vi.waitFor(() =>
      expect(useToastStore.getState().toasts).toMatchObject([{ kind: 'success', message: 'Guideline title deleted successfully' }]),
    );
  });

  it('edits one guideline', async () => {
    const calls = stubApi(() => ({ items: [lighting], nextCursor: null }));
    renderManager();
    const card = await screen.findByRole('article', { name: 'Lighting' });
    fireEvent.click(within(card).getByRole('button', { name: 'Edit Avoid backlight' }));
    const dialog = await screen.findByRole('dialog', { hidden: true, name: 'Edit guideline' });
    const field = within(dialog).getByLabelText('Guideline');
    expect(field).toHaveValue('Avoid backlight');
    fireEvent.change(field, { target: { value: '  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save guideline', hidden: true }));
    expect(await within(dialog).findByText('Guideline is a required field')).toBeInTheDocument();
    fireEvent.change(field, { target: { value: 'Keep the light in front of you' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save guideline', hidden: true }));
    });
    await vi.waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')).toEqual({
        method: 'PUT',
        path: '/guideline/updatevalue',
        body: { id: 'v2', value: 'Keep the light in front of you' },
      }),
    );
  });
});
