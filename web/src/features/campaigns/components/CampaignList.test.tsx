import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { saveToken } from '@/lib/storage';
import { jsonResponse } from '@/testing/fixtures';
import type { CampaignListResponse, CampaignSummary } from '../types';
import { CampaignList, NO_INITIATIVE, NO_RESULT } from './CampaignList';

const summary = (id: string, title: string, status: CampaignSummary['status'] = 'draft'): CampaignSummary => ({
  id,
  title,
  initiativeId: 'i1',
  initiativeName: 'Spring',
  status,
  type: 'targeted',
  visibility: 'public',
  mode: 'landscape',
  videoCount: 3,
  deadline: '2026-12-01',
  expiryDate: '2026-12-31',
  createdAt: '2026-11-01T10:00:00Z',
  tags: [],
});

function listOf(items: CampaignSummary[], extra: Partial<CampaignListResponse> = {}): CampaignListResponse {
  return { items, total: items.length, page: 1, pageSize: 10, counts: { all: 5, draft: 2, live: 2, expired: 1 }, hasInitiatives: true, ...extra };
}

function stub(handler: (url: URL) => unknown) {
  const urls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (req: Request) => {
      const url = new URL(req.url);
      urls.push(url);
      return jsonResponse(handler(url));
    }),
  );
  return urls;
}

function renderList(path = '/campaigns', editorLoads?: Promise<void>) {
  const router = createMemoryRouter(
    [
      { path: '/campaigns', element: <CampaignList /> },
      editorLoads
        ? { path: '/initiative/campaign/:id', lazy: async () => (await editorLoads, { element: <p>editor</p> }) }
        : { path: '/initiative/campaign/:id', element: <p>editor</p> },
      { path: '/initiative/campaign/create', element: <p>create page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('campaign list', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
    saveToken('tok', 't1');
  });

  it('shows the columns, the counts, and opens a campaign on row click', async () => {
    stub(() => listOf([summary('c1', 'Alpha stories', 'live')]));
    const router = renderList();
    expect(await screen.findByText('Alpha stories')).toBeInTheDocument();
    for (const name of ['Name', 'Videos', 'Status', 'Expires', 'Created']) {
      expect(screen.getByRole('columnheader', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('option', { name: 'All (5)' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Live (2)' })).toBeInTheDocument();
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(
      expect.arrayContaining(['Newest', 'Oldest', 'AZ', 'ZA']),
    );
    await userEvent.setup().click(screen.getByText('31 Dec 2026'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/initiative/campaign/c1'));
  });

  it('opening a campaign while a typed search is pending goes to the campaign, not back to the list', async () => {
    stub(() => listOf([summary('c1', 'Alpha stories', 'live')]));
    // The editor's code takes a while to load, as a lazy route does on a slow connection.
    let loaded: () => void = () => {};
    const router = renderList('/campaigns', new Promise<void>((resolve) => (loaded = resolve)));
    const user = userEvent.setup();
    expect(await screen.findByText('Alpha stories')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Search'), 'Alpha');
    await user.click(screen.getByText('31 Dec 2026'));
    // The search's 300 ms pass while the editor loads.
    await new Promise((resolve) => setTimeout(resolve, 450));
    loaded();
    await waitFor(() => expect(router.state.location.pathname).toBe('/initiative/campaign/c1'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/initiative/campaign/c1');
  });

  it('sends sort and status to the API and goes back to page 1', async () => {
    const urls = stub(() => listOf([summary('c1', 'Alpha')], { total: 25 }));
    renderList('/campaigns?page=2');
    await screen.findByText('Alpha');
    expect(urls.at(-1)!.search).toBe('?page=2&sort=newest');
    const u = userEvent.setup();
    await u.selectOptions(screen.getByLabelText('Sort by'), 'az');
    await waitFor(() => expect(urls.at(-1)!.search).toBe('?page=1&sort=az'));
    await u.selectOptions(screen.getByLabelText('Status'), 'live');
    await waitFor(() => expect(urls.at(-1)!.search).toBe('?page=1&sort=az&status=live'));
    await u.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(urls.at(-1)!.search).toBe('?page=2&sort=az&status=live'));
  });

  it("reads the next page from the page before's cursor; page numbers alone still work", async () => {
    const urls = stub((url) => {
      const page = Number(url.searchParams.get('page'));
      const next = page < 3 ? `cur-${page + 1}` : null;
      return listOf([summary(`c${page}`, `Campaign on page ${page}`)], { total: 25, page, nextCursor: next });
    });
    renderList();
    await screen.findByText('Campaign on page 1');
    expect(urls.at(-1)!.search).toBe('?page=1&sort=newest');
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Campaign on page 2');
    expect(urls.at(-1)!.search).toBe('?page=2&sort=newest&cursor=cur-2');
    await u.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Campaign on page 3');
    expect(urls.at(-1)!.search).toBe('?page=3&sort=newest&cursor=cur-3');
    expect(screen.getByText(/Page 3 of 3/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await u.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByText('Campaign on page 2');
    await waitFor(() => expect(urls.at(-1)!.search).toBe('?page=2&sort=newest&cursor=cur-2'));
    // Once the list is invalidated (a change elsewhere), a cursor is not trusted: page numbers.
    await queryClient.invalidateQueries({ queryKey: ['campaigns'] });
    await waitFor(() => expect(urls.at(-1)!.search).toBe('?page=2&sort=newest'));

    // Straight to a page by its number (a link, a reload): no cursor.
    cleanup();
    queryClient.clear();
    urls.length = 0;
    renderList('/campaigns?page=3&sort=az');
    await screen.findByText('Campaign on page 3');
    expect(urls.map((x) => x.search)).toEqual(['?page=3&sort=az']);
  });

  it("says 'No result found' when the filter finds nothing", async () => {
    stub(() => listOf([], { total: 0 }));
    renderList('/campaigns?status=expired');
    expect(await screen.findByText(NO_RESULT)).toBeInTheDocument();
  });

  it('asks for an initiative first when there is none', async () => {
    stub(() => listOf([], { total: 0, hasInitiatives: false, counts: { all: 0, draft: 0, live: 0, expired: 0 } }));
    renderList();
    expect(await screen.findByText(NO_INITIATIVE)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Create initiative' }));
    expect(await screen.findByRole('heading', { name: 'New initiative' })).toBeInTheDocument();
  });
});
