import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/router';
import { queryClient } from '@/lib/query-client';
import { readToken } from '@/lib/storage';
import { useSessionStore } from '@/stores/session-store';
import { jsonResponse, makeUser } from '@/testing/fixtures';

type Handler = (request: Request) => Response | Promise<Response>;

function stubApi(handlers: Record<string, Handler>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const path = new URL(input.url).pathname.replace(/^\/api/, '');
      const text = await input.clone().text();
      calls.push({ method: input.method, path, body: text ? JSON.parse(text) : undefined });
      const handler = handlers[`${input.method} ${path}`];
      return handler ? handler(input) : jsonResponse({ detail: `unexpected ${input.method} ${path}` }, 500);
    }),
  );
  return calls;
}

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const details = { email: 'riley@acme.org', firstName: 'Riley', lastName: null, role: { id: 2, name: 'admin' }, companyName: 'Acme Films' };

describe('AcceptInvitationForm', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
    useSessionStore.setState({ user: null, status: 'ready' });
  });

  it("says why a link opens nothing, in the server's words", async () => {
    stubApi({
      'POST /user/checkInvitation': () =>
        jsonResponse({ detail: 'This invitation link has expired. Please ask your administrator to send a new invitation.', requestId: 'r' }, 400),
    });
    renderAt('/accept-invitation?token=t.u.s');
    expect(await screen.findByText('This invitation link has expired. Please ask your administrator to send a new invitation.', { selector: '[role="alert"]:not([data-toast])' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Activate my account' })).toBeNull();
  });

  it('checks the password rules, then signs the new member in', async () => {
    const calls = stubApi({
      'POST /user/checkInvitation': () => jsonResponse(details),
      'POST /user/acceptInvitation': () => jsonResponse({ accessToken: 'tok-9', tenantId: 'tenant-9' }),
      'GET /user/me': () => jsonResponse(makeUser('admin')),
    });
    const router = renderAt('/accept-invitation?token=t.u.s');
    expect(await screen.findByText(/Acme Films invites riley@acme.org as Admin/)).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveValue('Riley');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Last name'), 'Chen');
    await user.type(screen.getByLabelText('Password'), 'Storyhive-1!');
    await user.type(screen.getByLabelText('Confirm password'), 'Storyhive-2!');
    await user.click(screen.getByRole('button', { name: 'Activate my account' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/user/acceptInvitation')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'Storyhive-1!');
    await user.click(screen.getByRole('button', { name: 'Activate my account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.find((c) => c.path === '/user/acceptInvitation')?.body).toEqual({
      token: 't.u.s',
      password: 'Storyhive-1!',
      confirmPassword: 'Storyhive-1!',
      firstName: 'Riley',
      lastName: 'Chen',
    });
    expect(readToken()?.access_token).toBe('tok-9');
  });
});
