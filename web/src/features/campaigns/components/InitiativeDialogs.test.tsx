import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { saveToken } from '@/lib/storage';
import { useToastStore } from '@/stores/toast-store';
import { jsonResponse } from '@/testing/fixtures';
import { DeleteInitiativeDialog, InitiativeNameDialog } from './InitiativeDialogs';

const initiative = { id: 'i1', name: 'Spring', campaignCount: 2, createdAt: '2026-11-01T00:00:00Z' };

describe('initiative dialogs', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
    saveToken('tok', 't1');
  });

  it('warns that campaigns and videos go, and locks the confirm button for 5 s', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn(async () => new Promise<Response>(() => {}));
    vi.stubGlobal('fetch', fetch);
    render(
      <QueryClientProvider client={queryClient}>
        <DeleteInitiativeDialog initiative={initiative} onClose={() => {}} />
      </QueryClientProvider>,
    );
    expect(screen.getByText(/removes all its campaigns and their videos/)).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Delete initiative', hidden: true });
    fireEvent.click(button);
    await act(async () => {
      await Promise.resolve();
    });
    expect(fetch).toHaveBeenCalledTimes(1);
    fireEvent.click(button);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(button).toHaveAttribute('data-locked', 'true');
    act(() => void vi.advanceTimersByTime(5000));
    expect(button).not.toHaveAttribute('data-locked');
  });

  it('checks the name before creating and says when it is created', async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (req: Request) => {
        bodies.push(await req.clone().json());
        return jsonResponse({ ...initiative, name: 'Autumn' }, 201);
      }),
    );
    const onDone = vi.fn();
    render(
      <QueryClientProvider client={queryClient}>
        <InitiativeNameDialog open onClose={() => {}} onDone={onDone} />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Create initiative', hidden: true }));
    expect(await screen.findByText('Initiative is a required field')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Initiative name'), { target: { value: 'x'.repeat(51) } });
    fireEvent.click(screen.getByRole('button', { name: 'Create initiative', hidden: true }));
    expect(await screen.findByText('Initiative must be at most 50 characters')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Initiative name'), { target: { value: ' Autumn ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create initiative', hidden: true }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(bodies).toEqual([{ name: 'Autumn' }]);
    expect(useToastStore.getState().toasts).toMatchObject([{ kind: 'success', message: 'Initiative created successfully' }]);
  });
});
