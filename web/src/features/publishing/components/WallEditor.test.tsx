import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { saveToken } from '@/lib/storage';
import { jsonResponse } from '@/testing/fixtures';
import type { Wall } from '../api/contract';
import { publication, stubApi } from '../testing/fake-api';
import { WALL_TEXT, WallEditor } from './WallEditor';
import { WallsScreen, WALLS_TEXT } from './WallsScreen';

const wall = (over: Partial<Wall> = {}): Wall => ({
  wallId: 'w1',
  title: 'Our volunteers',
  campaignId: null,
  publicationIds: [publication(2).publicationId, publication(1).publicationId],
  wallUrl: 'https://stories.example/wall/w1',
  iframeSnippet: '<iframe src="https://stories.example/wall/w1?embed=1"></iframe>',
  scriptSnippet: '<script src="https://stories.example/p/wall-embed.js" data-wall="w1" async></script>',
  createdAt: '2026-11-28T10:00:00Z',
  updatedAt: '2026-11-28T10:00:00Z',
  ...over,
});

function server() {
  return stubApi((call) => {
    if (call.path === '/publications') return jsonResponse({ items: [publication(1), publication(2), publication(3)], nextCursor: null });
    if (call.path === '/search/initialData')
      return jsonResponse({ campaigns: { items: [{ id: 'c1', name: 'Harbour stories' }], nextCursor: null }, contributors: { items: [], nextCursor: null }, initiatives: [], tags: [] });
    if (call.method === 'POST' && call.path === '/walls') return jsonResponse(wall({ title: String(call.body?.title) }), 201);
    if (call.method === 'PUT' && call.path === '/walls/w1') return jsonResponse(wall({ ...(call.body as Partial<Wall>) }));
    if (call.method === 'GET' && call.path === '/walls') return jsonResponse({ items: [wall()], nextCursor: null });
    if (call.method === 'DELETE' && call.path === '/walls/w1') return new Response(null, { status: 204 });
    return undefined;
  });
}

const wrap = (ui: React.ReactNode) =>
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );

describe('the wall editor', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
    saveToken('tok', 't1');
  });

  it('makes a wall of videos picked by hand, in the order set with Up and Down', async () => {
    const calls = server();
    const done = vi.fn();
    wrap(<WallEditor wall={null} onDone={done} />);
    fireEvent.click(screen.getByRole('button', { name: 'Create wall' }));
    expect(await screen.findByText(WALL_TEXT.titleRequired)).toBeInTheDocument();
    expect(screen.getByText(WALL_TEXT.itemsRequired)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Our volunteers' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Story 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Story 3' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Story 2' }));
    // Added items leave the list of those to add.
    expect(screen.queryByRole('button', { name: 'Add Story 1' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Up: move Story 2 up' }));
    fireEvent.click(screen.getByRole('button', { name: 'Down: move Story 1 down' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Story 3 from the wall' }));
    const order = within(screen.getByTestId('wall-items')).getAllByTestId('wall-item').map((li) => li.dataset.publicationId);
    expect(order).toEqual([publication(2).publicationId, publication(1).publicationId]);

    fireEvent.click(screen.getByRole('button', { name: 'Create wall' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.path === '/walls')?.body).toEqual({
        title: 'Our volunteers',
        publicationIds: [publication(2).publicationId, publication(1).publicationId],
      }),
    );
    await waitFor(() => expect(done).toHaveBeenCalledWith(expect.objectContaining({ wallId: 'w1' })));
  });

  it("makes a campaign's wall from the campaign chosen", async () => {
    const calls = server();
    wrap(<WallEditor wall={null} onDone={() => undefined} />);
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Harbour' } });
    fireEvent.click(screen.getByLabelText("A campaign's published videos, newest first"));
    fireEvent.click(screen.getByRole('button', { name: 'Create wall' }));
    expect(await screen.findByText(WALL_TEXT.campaignRequired)).toBeInTheDocument();
    await screen.findByRole('option', { name: 'Harbour stories' });
    fireEvent.change(screen.getByLabelText('Campaign'), { target: { value: 'c1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create wall' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST' && c.path === '/walls')?.body).toEqual({ title: 'Harbour', campaignId: 'c1' }));
  });

  it('edits a wall by PUT with its new order, moved by dragging', async () => {
    const calls = server();
    wrap(<WallEditor wall={wall()} onDone={() => undefined} />);
    await screen.findByRole('button', { name: 'Add Story 3' });
    const items = screen.getAllByTestId('wall-item');
    fireEvent.dragStart(items[1]!);
    fireEvent.dragOver(items[0]!);
    fireEvent.drop(items[0]!);
    fireEvent.click(screen.getByRole('button', { name: 'Save wall' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        title: 'Our volunteers',
        publicationIds: [publication(1).publicationId, publication(2).publicationId],
      }),
    );
  });
});

describe('the walls screen', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
    saveToken('tok', 't1');
  });

  it('gives each wall its link and both snippets to copy, and deletes one after the locked confirmation', async () => {
    const calls = server();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    wrap(<WallsScreen canEdit />);
    const row = await screen.findByRole('listitem', { name: 'Our volunteers' });
    expect(within(row).getByRole('link', { name: 'Open the wall Our volunteers' })).toHaveAttribute('href', 'https://stories.example/wall/w1');
    fireEvent.click(within(row).getByRole('button', { name: 'Embed codes of Our volunteers' }));
    fireEvent.click(within(row).getByRole('button', { name: 'Copy script code' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(wall().scriptSnippet));
    fireEvent.click(within(row).getByRole('button', { name: 'Copy iframe code' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(wall().iframeSnippet));

    fireEvent.click(within(row).getByRole('button', { name: 'Delete Our volunteers' }));
    const dialog = await screen.findByRole('dialog', { name: WALLS_TEXT.deleteTitle });
    const confirm = within(dialog).getByRole('button', { name: 'Delete wall' });
    fireEvent.click(confirm);
    expect(confirm).toBeDisabled();
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/walls/w1']));
  });

  it('shows a coordinator the walls and their codes, with nothing to change', async () => {
    server();
    wrap(<WallsScreen canEdit={false} />);
    const row = await screen.findByRole('listitem', { name: 'Our volunteers' });
    expect(within(row).getByRole('button', { name: 'Embed codes of Our volunteers' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New wall' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Edit|Delete/ })).not.toBeInTheDocument();
  });
});
