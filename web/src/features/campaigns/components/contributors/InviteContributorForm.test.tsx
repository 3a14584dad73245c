import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { saveToken } from '@/lib/storage';
import { useToastStore } from '@/stores/toast-store';
import { jsonResponse } from '@/testing/fixtures';
import { InviteContributorForm } from './InviteContributorForm';

type Call = { method: string; path: string; body: unknown };

function stub(answer: (call: Call) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (req: Request) => {
      const text = await req.clone().text();
      const call = {
        method: req.method,
        path: new URL(req.url).pathname.replace(/^\/api/, ''),
        body: text ? (JSON.parse(text) as unknown) : undefined,
      };
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
}

function renderForm() {
  return render(
    <QueryClientProvider client={queryClient}>
      <InviteContributorForm campaignId="c1" />
    </QueryClientProvider>,
  );
}

async function fillAndSend(first = 'Jane', last = 'Doerr', email = 'jane@example.org') {
  const u = userEvent.setup();
  await u.type(screen.getByLabelText('First name'), first);
  await u.type(screen.getByLabelText('Last name'), last);
  await u.type(screen.getByLabelText('Email'), email);
  await u.click(screen.getByRole('button', { name: 'Invite collaborator' }));
  return u;
}

const toastMessages = () => useToastStore.getState().toasts.map((t) => `${t.kind}:${t.message}`);

describe('invite form', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
    saveToken('tok', 't1');
  });

  it("puts the server's field errors (ErrorBody.errors) under their fields and toasts the detail", async () => {
    const calls = stub(() =>
      jsonResponse(
        {
          detail: 'Please enter a valid email address',
          errors: [
            { field: 'email', message: 'Please enter a valid email address' },
            { field: 'lastName', message: 'Last name must not contain special characters or emojis' },
            { field: 'email', message: 'A later message for the same field' },
            { field: 'campaignId', message: 'Not a field of this form' },
          ],
          requestId: 'req-1',
        },
        400,
      ),
    );
    renderForm();
    // Passes the browser's checks; the server finds what it finds.
    await fillAndSend('Jane', 'Doerr', 'jane@example.org');
    await waitFor(() => expect(toastMessages()).toEqual(['error:Please enter a valid email address']));
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/campaign/add-contributor' });
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Last name must not contain special characters or emojis')).toBeInTheDocument();
    expect(screen.queryByText('A later message for the same field')).toBeNull();
    expect(screen.queryByText('Not a field of this form')).toBeNull();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Last name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('First name')).not.toHaveAttribute('aria-invalid');
    // The values stay so they can be corrected.
    expect(screen.getByLabelText('Email')).toHaveValue('jane@example.org');
  });

  it('an error without field errors is only toasted', async () => {
    stub(() => jsonResponse({ detail: 'This collaborator is already invited to this campaign', requestId: 'req-2' }, 409));
    renderForm();
    await fillAndSend();
    await waitFor(() => expect(toastMessages()).toEqual(['error:This collaborator is already invited to this campaign']));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText('First name')).toHaveValue('Jane');
  });
});
