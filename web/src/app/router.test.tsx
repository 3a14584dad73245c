import { render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { isValidElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { useSessionStore } from '@/stores/session-store';
import { jsonResponse, makeUser } from '@/testing/fixtures';
import { ACCESS, type StaffRole } from '@/config/access';
import { CONTRIBUTOR_PATTERNS } from '@/config/entry';
import { RouteGuard } from './guards';
import { pathsOf } from './routed-paths';
import { routedPaths, routes } from './router';

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const signIn = (role: StaffRole) => useSessionStore.setState({ user: makeUser(role), status: 'ready' });

describe('routes and guards', () => {
  it('shows the loader while the profile loads', async () => {
    useSessionStore.setState({ user: null, status: 'loading' });
    const router = renderAt('/login');
    // The router shows the same loader until the login route's code has loaded: wait for that, so
    // that the loader checked is the one the root shows for the profile (the test files share a
    // module cache, so the route may load within the moment between finding and checking).
    await waitFor(() => expect(router.state.initialized).toBe(true));
    expect(screen.getByTestId('full-screen-loader')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Sign in to Storyhive' })).not.toBeInTheDocument();
  });

  it('sends a visitor from the dashboard to /login', async () => {
    const router = renderAt('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Sign in to Storyhive' })).toBeInTheDocument();
  });

  it('sends a visitor from /profile to /login', async () => {
    const router = renderAt('/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('redirects unknown paths to the dashboard', async () => {
    signIn('admin');
    const router = renderAt('/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada' })).toBeInTheDocument();
  });

  it('sends signed-in staff away from visitor pages', async () => {
    signIn('creator');
    const router = renderAt('/sign-up');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('lets a coordinator open the dashboard, with only the screens it may open in the navigation', async () => {
    queryClient.clear();
    const emptyDashboard = { expiringIn7Days: [], pendingVideoResponses: 0, hoursOfVideoSubmitted: 0, deviceType: [], campaignAndVideo: [], publishedStories: { views: 0, embedLoads: 0, plays: 0, watchedToTheEnd: 0 }, collaboratorFunnel: { invited: 0, linkOpened: 0, started: 0, firstAnswerStored: 0, submitted: 0, medianSecondsToSubmit: null } };
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(emptyDashboard)));
    signIn('coordinator');
    renderAt('/');
    expect(await screen.findByTestId('staff-layout')).toBeInTheDocument();
    expect(await screen.findByText('Campaign figures appear here once your organisation has campaigns')).toBeInTheDocument();
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0]!;
    const links = Array.from(nav.querySelectorAll('a')).map((a) => a.textContent);
    expect(links).toEqual(['Dashboard', 'Campaigns', 'Responses', 'Published', 'Walls', 'Search videos', 'Help', 'Profile']);
    vi.unstubAllGlobals();
    queryClient.clear();
  });

  it('shows the danger zone on the profile to a super admin only', async () => {
    signIn('superAdmin');
    renderAt('/profile');
    expect(await screen.findByRole('heading', { name: 'Danger zone' })).toBeInTheDocument();
  });

  it('hides the danger zone from an admin', async () => {
    signIn('admin');
    renderAt('/profile');
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Danger zone' })).not.toBeInTheDocument();
  });

  it('takes a super admin whose organisation is not set up through user set-up first', async () => {
    useSessionStore.setState({ user: makeUser('superAdmin', { setupCompleted: false }), status: 'ready' });
    const router = renderAt('/campaigns');
    await waitFor(() => expect(router.state.location.pathname).toBe('/user-setup'));
    expect(await screen.findByRole('heading', { name: 'User setup' })).toBeInTheDocument();
    await router.navigate('/company-setup');
    await waitFor(() => expect(router.state.location.pathname).toBe('/company-setup'));
  });

  it('keeps both set-up screens from everyone but the super admin', async () => {
    signIn('admin');
    const router = renderAt('/company-setup');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    signIn('superAdmin');
    await router.navigate('/user-setup');
    expect(await screen.findByRole('heading', { name: 'User setup' })).toBeInTheDocument();
  });

  it('opens the video comparison page to visitors and signed-in staff alike', async () => {
    useSessionStore.setState({ user: null, status: 'ready' });
    const router = renderAt('/compareVideo');
    expect(await screen.findByRole('heading', { name: 'Compare videos' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/compareVideo');
    signIn('coordinator');
    await router.navigate('/compareVideo?again');
    expect(await screen.findByRole('heading', { name: 'Compare videos' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/compareVideo');
  });
});

describe('the route table', () => {
  const withPath = (tree: readonly RouteObject[]): RouteObject[] =>
    tree.flatMap((route) => [...(route.path ? [route] : []), ...withPath(route.children ?? [])]);

  it('routes only paths of the role table', () => {
    const routed = pathsOf(routes);
    expect(routed.length).toBeGreaterThan(20);
    expect(routed.filter((path) => !Object.hasOwn(ACCESS, path))).toEqual([]);
    expect([...routedPaths].sort()).toEqual([...new Set(routed)].sort());
  });

  it("guards every staff and public screen with its own path's entry of the role table", () => {
    for (const route of withPath(routes)) {
      if (route.path === '*') continue;
      // The contributor pages are served by their own entry, whose guard reads the same table.
      if ((CONTRIBUTOR_PATTERNS as readonly string[]).includes(route.path!)) continue;
      const element = route.element;
      expect(isValidElement(element) && element.type === RouteGuard, route.path).toBe(true);
      expect((element as React.ReactElement<{ path: string }>).props.path, route.path).toBe(route.path);
    }
  });
});
