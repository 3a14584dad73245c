import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RouteAnnouncer } from './RouteAnnouncer';
import { MAIN_ID } from './SkipLink';

function Frame() {
  const { pathname } = useLocation();
  return (
    <>
      <nav>
        <Link to="/campaigns">Campaigns</Link>
        <Link to="/help">Help</Link>
        <Link to="/profile">Profile</Link>
      </nav>
      <main id={MAIN_ID} tabIndex={-1}>
        <Outlet />
      </main>
      <RouteAnnouncer pathname={pathname} />
    </>
  );
}

/** A screen whose heading shows once its data has come. */
function LoadingScreen() {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLoaded(true), 50);
    return () => clearTimeout(timer);
  }, []);
  return loaded ? <h1>Help</h1> : <p>Loading…</p>;
}

function renderApp() {
  const router = createMemoryRouter(
    [
      {
        element: <Frame />,
        children: [
          { path: '/', element: <h1>Dashboard</h1> },
          { path: '/campaigns', element: <h1>Campaigns</h1> },
          { path: '/help', element: <LoadingScreen /> },
          // A screen that puts the focus in its own field first keeps it.
          { path: '/profile', element: <><h1>Profile</h1><input aria-label="First name" autoFocus /></> },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const announcer = () => screen.getByTestId('route-announcer');

describe('focus and announcement on a route change', () => {
  it('leaves the focus alone on the first screen, but titles the document after its heading', async () => {
    renderApp();
    await waitFor(() => expect(document.title).toBe('Dashboard · Storyhive'));
    expect(document.body).toHaveFocus();
    expect(announcer()).toHaveTextContent('');
    expect(announcer()).toHaveAttribute('aria-live', 'polite');
  });

  it('moves the focus to the new heading, titles the document and announces the heading politely', async () => {
    const user = userEvent.setup();
    renderApp();
    await user.click(screen.getByRole('link', { name: 'Campaigns' }));
    const heading = screen.getByRole('heading', { level: 1, name: 'Campaigns' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(heading).toHaveAttribute('tabindex', '-1');
    expect(document.title).toBe('Campaigns · Storyhive');
    await waitFor(() => expect(announcer()).toHaveTextContent(/^Campaigns$/));
  });

  it('waits for a heading that shows once the screen has loaded', async () => {
    const user = userEvent.setup();
    renderApp();
    await user.click(screen.getByRole('link', { name: 'Help' }));
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    const heading = await screen.findByRole('heading', { level: 1, name: 'Help' });
    await waitFor(() => expect(heading).toHaveFocus());
    await waitFor(() => expect(announcer()).toHaveTextContent(/^Help$/));
  });

  it('does not take the focus from where the new screen or the user put it', async () => {
    const user = userEvent.setup();
    renderApp();
    await user.click(screen.getByRole('link', { name: 'Profile' }));
    await waitFor(() => expect(document.title).toBe('Profile · Storyhive'));
    expect(screen.getByLabelText('First name')).toHaveFocus();
    await waitFor(() => expect(announcer()).toHaveTextContent(/^Profile$/));
  });

  it('announces each change once, through one live region', async () => {
    const user = userEvent.setup();
    const { container } = render(<></>);
    renderApp();
    await user.click(screen.getByRole('link', { name: 'Campaigns' }));
    await waitFor(() => expect(announcer()).toHaveTextContent(/^Campaigns$/));
    await act(async () => {
      await new Promise((r) => setTimeout(r, 30));
    });
    expect(announcer()).toHaveTextContent(/^Campaigns$/);
    expect(document.querySelectorAll('[aria-live]')).toHaveLength(1);
    expect(container).toBeEmptyDOMElement();
  });
});
