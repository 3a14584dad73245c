import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveToken } from '@/lib/storage';
import { jsonResponse, makeUser } from '@/testing/fixtures';
import type { DashboardDetails } from '../api/dashboard-api';
import { CAMPAIGNS_SHOWN, Dashboard, DASHBOARD_EMPTY, DASHBOARD_TEXT } from './Dashboard';
import { FIRST_STEPS_TITLE } from './FirstSteps';

type Summary = DashboardDetails['expiringIn7Days'][number];

const expiring = (id: string, title: string, expiryDate: string): Summary => ({
  id,
  title,
  initiativeId: 'i1',
  initiativeName: 'Spring stories',
  status: 'live',
  type: 'targeted',
  visibility: 'public',
  mode: 'landscape',
  videoCount: 4,
  deadline: null,
  expiryDate,
  createdAt: '2026-11-01T10:00:00Z',
  tags: [],
});

const ORGANISATION: DashboardDetails = {
  expiringIn7Days: [expiring('c1', 'Alpha stories', '2026-11-25'), expiring('c2', 'Beta voices', '2026-11-28')],
  pendingVideoResponses: 7,
  hoursOfVideoSubmitted: 12.25,
  deviceType: [
    { deviceType: 'Mobile', count: 6 },
    { deviceType: 'Desktop', count: 2 },
  ],
  campaignAndVideo: [
    { campaignId: 'c1', title: 'Alpha stories', status: 'live', videoCount: 5 },
    { campaignId: 'c2', title: 'Beta voices', status: 'live', videoCount: 1 },
    { campaignId: 'c3', title: 'Gamma draft', status: 'draft', videoCount: 0 },
  ],
  firstSteps: { companySetUp: true, initiativeCreated: true, campaignCreated: true, collaboratorInvited: true },
  publishedStories: { views: 1250, embedLoads: 40, plays: 310, watchedToTheEnd: 95 },
  collaboratorFunnel: { invited: 40, linkOpened: 30, started: 22, firstAnswerStored: 20, submitted: 10, medianSecondsToSubmit: 7200 },
};

const MINE: DashboardDetails = {
  ...ORGANISATION,
  expiringIn7Days: [],
  campaignAndVideo: [{ campaignId: 'c3', title: 'Gamma draft', status: 'draft', videoCount: 0 }],
};

const EMPTY: DashboardDetails = {
  expiringIn7Days: [],
  pendingVideoResponses: 0,
  hoursOfVideoSubmitted: 0,
  deviceType: [],
  campaignAndVideo: [],
  firstSteps: { companySetUp: false, initiativeCreated: false, campaignCreated: false, collaboratorInvited: false },
  publishedStories: { views: 0, embedLoads: 0, plays: 0, watchedToTheEnd: 0 },
  collaboratorFunnel: { invited: 0, linkOpened: 0, started: 0, firstAnswerStored: 0, submitted: 0, medianSecondsToSubmit: null },
};

function stub(handler: (url: URL) => Response) {
  const urls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (req: Request) => {
      const url = new URL(req.url);
      urls.push(url);
      return handler(url);
    }),
  );
  return urls;
}

const byPersonal = (org: DashboardDetails, mine: DashboardDetails) => (url: URL) =>
  jsonResponse(url.searchParams.get('personalDashboard') === 'true' ? mine : org);

function renderDashboard(role: Parameters<typeof makeUser>[0] = 'admin') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/', element: <Dashboard user={makeUser(role)} /> },
      { path: '/initiative/campaign/:id', element: <p>campaign editor</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const region = (name: string) => screen.getByRole('region', { name });

describe('dashboard', () => {
  beforeEach(() => saveToken('tok', 't1'));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the figures of the organisation', async () => {
    const urls = stub(byPersonal(ORGANISATION, MINE));
    renderDashboard();

    expect(await screen.findByRole('region', { name: DASHBOARD_TEXT.hours })).toHaveTextContent('12.25');
    expect(region(DASHBOARD_TEXT.pending)).toHaveTextContent('7');
    // The count opens the inbox of answers, filtered to those no one has reviewed.
    expect(within(region(DASHBOARD_TEXT.pending)).getByRole('link', { name: DASHBOARD_TEXT.reviewPending })).toHaveAttribute(
      'href',
      '/responses?status=new',
    );

    const devices = within(region(DASHBOARD_TEXT.devices)).getAllByRole('listitem');
    expect(devices.map((li) => li.textContent)).toEqual([
      'Mobile6 videos, 75% of all videos',
      'Desktop2 videos, 25% of all videos',
    ]);

    const expiringLinks = within(region(DASHBOARD_TEXT.expiring)).getAllByRole('link');
    expect(expiringLinks.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Alpha stories', '/initiative/campaign/c1'],
      ['Beta voices', '/initiative/campaign/c2'],
    ]);
    expect(region(DASHBOARD_TEXT.expiring)).toHaveTextContent('Expires 25 Nov 2026');

    const perCampaign = within(region(DASHBOARD_TEXT.perCampaign)).getAllByRole('listitem');
    expect(perCampaign.map((li) => li.textContent)).toEqual([
      'Alpha storiesLive5 videos',
      'Beta voicesLive1 video',
      'Gamma draftDraft0 videos',
    ]);

    // How the published stories were watched, with the way to them.
    const published = region(DASHBOARD_TEXT.published);
    expect(
      within(published)
        .getAllByRole('definition')
        .map((dd) => dd.textContent),
    ).toEqual(['1,250', '40', '310', '95']);
    expect(published).toHaveTextContent('Page views1,250');
    expect(within(published).getByRole('link', { name: DASHBOARD_TEXT.seePublished })).toHaveAttribute('href', '/publications');

    // Collaborators from invitation to submission: counts, shares of those invited, the median.
    const funnel = within(region(DASHBOARD_TEXT.funnel)).getAllByRole('listitem');
    expect(funnel.map((li) => li.textContent)).toEqual([
      'Invited40',
      'Opened their link30 · 75%',
      'Started22 · 55%',
      'First answer stored20 · 50%',
      'Submitted10 · 25%',
    ]);
    expect(region(DASHBOARD_TEXT.funnel)).toHaveTextContent('Median time from invitation to submission: about 2 hours.');

    expect(screen.queryByText(DASHBOARD_EMPTY)).not.toBeInTheDocument();
    expect(urls.map((u) => u.pathname + u.search)).toEqual(['/api/dashboard/details?personalDashboard=false']);
  });

  it('narrows the lists to my campaigns with the switch, and back', async () => {
    const urls = stub(byPersonal(ORGANISATION, MINE));
    const user = userEvent.setup();
    renderDashboard();

    const toggle = await screen.findByRole('switch', { name: DASHBOARD_TEXT.onlyMine });
    expect(toggle).not.toBeChecked();
    expect(within(region(DASHBOARD_TEXT.expiring)).getAllByRole('link')).toHaveLength(2);

    await user.click(toggle);
    expect(toggle).toBeChecked();
    expect(await within(region(DASHBOARD_TEXT.expiring)).findByText(DASHBOARD_TEXT.noneOfMineExpiring)).toBeInTheDocument();
    expect(within(region(DASHBOARD_TEXT.perCampaign)).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Gamma draftDraft0 videos',
    ]);
    expect(urls.at(-1)!.searchParams.get('personalDashboard')).toBe('true');
    // The totals stay the organisation's.
    expect(region(DASHBOARD_TEXT.hours)).toHaveTextContent('12.25');

    await user.click(toggle);
    expect(toggle).not.toBeChecked();
    expect(within(region(DASHBOARD_TEXT.expiring)).getAllByRole('link')).toHaveLength(2);
  });

  it('opens a campaign from the expiring list', async () => {
    stub(byPersonal(ORGANISATION, MINE));
    const user = userEvent.setup();
    const router = renderDashboard();
    await screen.findByRole('region', { name: DASHBOARD_TEXT.expiring });
    await user.click(within(region(DASHBOARD_TEXT.expiring)).getByRole('link', { name: 'Beta voices' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/initiative/campaign/c2'));
  });

  it('keeps the empty state, without figures or switch, when the organisation has no campaigns', async () => {
    stub(() => jsonResponse(EMPTY));
    renderDashboard();
    expect(await screen.findByText(DASHBOARD_EMPTY)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: DASHBOARD_TEXT.hours })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });

  it('says when nothing expires and no video came in, without inventing numbers', async () => {
    stub(() =>
      jsonResponse({ ...EMPTY, campaignAndVideo: [{ campaignId: 'c9', title: 'Quiet one', status: 'draft', videoCount: 0 }] }),
    );
    renderDashboard();
    expect(await screen.findByRole('region', { name: DASHBOARD_TEXT.hours })).toHaveTextContent(/^Hours of video submitted0/);
    expect(region(DASHBOARD_TEXT.pending)).toHaveTextContent(/^Pending video responses0/);
    expect(region(DASHBOARD_TEXT.devices)).toHaveTextContent(DASHBOARD_TEXT.noDevices);
    expect(region(DASHBOARD_TEXT.expiring)).toHaveTextContent(DASHBOARD_TEXT.noneExpiring);
  });

  it('shows an error with a retry instead of figures when the call fails', async () => {
    let fail = true;
    stub(() => (fail ? jsonResponse({ detail: 'Boom' }, 500) : jsonResponse(ORGANISATION)));
    const user = userEvent.setup();
    renderDashboard();
    expect(await screen.findByText(DASHBOARD_TEXT.loadFailed)).toBeInTheDocument();
    expect(screen.queryByText(DASHBOARD_EMPTY)).not.toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: DASHBOARD_TEXT.hours })).toHaveTextContent('12.25');
  });

  it('shows the first campaigns and the rest on demand', async () => {
    const many = Array.from({ length: CAMPAIGNS_SHOWN + 2 }, (_, i) => ({
      campaignId: `c${i}`,
      title: `Campaign ${String(i).padStart(2, '0')}`,
      status: 'live' as const,
      videoCount: 20 - i,
    }));
    stub(() => jsonResponse({ ...ORGANISATION, campaignAndVideo: many }));
    const user = userEvent.setup();
    renderDashboard();
    await screen.findByRole('region', { name: DASHBOARD_TEXT.perCampaign });
    const list = () => within(region(DASHBOARD_TEXT.perCampaign)).getAllByRole('listitem');
    expect(list()).toHaveLength(CAMPAIGNS_SHOWN);
    await user.click(screen.getByRole('button', { name: `Show all ${CAMPAIGNS_SHOWN + 2} campaigns` }));
    expect(list()).toHaveLength(CAMPAIGNS_SHOWN + 2);
  });

  it('lists a new organisation\'s first steps until they are done, with the next one to take', async () => {
    stub(() => jsonResponse({ ...EMPTY, firstSteps: { ...EMPTY.firstSteps, companySetUp: true } }));
    renderDashboard('superAdmin');
    const steps = await screen.findByRole('region', { name: FIRST_STEPS_TITLE });
    expect(steps).toHaveTextContent('1 of 4 done');
    const items = within(steps).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('p')?.textContent)).toEqual([
      'Set up your company (done)',
      'Create your first initiative (to do)',
      'Create your first campaign (to do)',
      'Invite your first collaborator (to do)',
    ]);
    // One action: the next step.
    expect(within(steps).getAllByRole('link')).toHaveLength(1);
    expect(within(steps).getByRole('link', { name: 'Create an initiative' })).toHaveAttribute('href', '/initiative/campaign/create');
  });

  it('shows an admin the steps an admin may take (set-up is the super admin\'s)', async () => {
    stub(() => jsonResponse(EMPTY));
    renderDashboard('admin');
    const steps = await screen.findByRole('region', { name: FIRST_STEPS_TITLE });
    expect(steps).toHaveTextContent('0 of 3 done');
    expect(within(steps).queryByText(/Set up your company/)).not.toBeInTheDocument();
  });

  it('shows no steps once all are done', async () => {
    stub(byPersonal(ORGANISATION, MINE));
    renderDashboard('superAdmin');
    expect(await screen.findByRole('region', { name: DASHBOARD_TEXT.hours })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: FIRST_STEPS_TITLE })).not.toBeInTheDocument();
  });
});
