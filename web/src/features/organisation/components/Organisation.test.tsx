import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { saveToken } from '@/lib/storage';
import { useSessionStore } from '@/stores/session-store';
import { useToastStore } from '@/stores/toast-store';
import { jsonResponse, makeUser } from '@/testing/fixtures';
import { isUploadable } from '../api/organisation-api';
import { DepartmentsManager } from './DepartmentsManager';
import { FileField } from './FileField';

type Call = { path: string; method: string; body: unknown; url: string };

function stub(handler: (call: Call) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string, init?: RequestInit) => {
      const req = typeof input === 'string' ? new Request(input, init) : input;
      const text = req.method === 'PUT' && !req.url.includes('/api') ? '' : await req.clone().text();
      const url = new URL(req.url);
      const call = {
        url: req.url,
        path: url.pathname.replace(/^\/api/, ''),
        method: req.method,
        body: text ? (JSON.parse(text) as unknown) : undefined,
      };
      calls.push(call);
      return handler(call);
    }),
  );
  return calls;
}

const wrap = (ui: React.ReactNode) => render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>);
const toasts = () => useToastStore.getState().toasts.map((t) => t.message);

describe('organisation files', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
    useToastStore.setState({ toasts: [] });
    saveToken('tok', 't1');
    useSessionStore.setState({ user: makeUser('superAdmin'), status: 'ready' });
  });

  it('knows what each kind takes', () => {
    expect(isUploadable('companyLogo', { type: 'image/png', size: 10 * 1024 * 1024 })).toBe(true);
    expect(isUploadable('companyLogo', { type: 'image/png', size: 10 * 1024 * 1024 + 1 })).toBe(false);
    expect(isUploadable('companyLogo', { type: 'application/pdf', size: 10 })).toBe(false);
    expect(isUploadable('termsNConditions', { type: 'application/pdf', size: 100 * 1024 * 1024 })).toBe(true);
    expect(isUploadable('encouragementVideo', { type: 'video/webm', size: 500 * 1024 * 1024 + 1 })).toBe(false);
  });

  it('refuses a wrong file before sending anything', async () => {
    const calls = stub(() => jsonResponse({}));
    wrap(<FileField scope="company" kind="companyLogo" label="Company logo" url={null} hint="" confirmTitle="t" confirmText="c" />);
    const u = userEvent.setup({ applyAccept: false });
    await u.upload(screen.getByLabelText('Company logo'), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    // The spec's words, then the field and what it takes (the API's refusal, word for word).
    await waitFor(() =>
      expect(toasts()).toContain('Please upload valid file. Company logo takes a PNG, JPEG, GIF, WebP or BMP picture of at most 10 MB.'),
    );
    expect(calls).toHaveLength(0);
  });

  it('uploads to the presigned URL, then has the server check the file', async () => {
    const calls = stub((call) => {
      if (call.path === '/organisation/company/upload-url')
        return jsonResponse({ uploadKey: 'pending/t1/companyLogo/company/k.png', url: 'http://s3.test/put', method: 'PUT', headers: { 'Content-Type': 'image/png' }, expiresInSeconds: 3600 });
      if (call.url === 'http://s3.test/put') return new Response(null, { status: 200 });
      if (call.path === '/organisation/company/upload-complete')
        return jsonResponse({ kind: 'companyLogo', url: 'http://s3.test/logo.jpg', message: 'Company logo uploaded successfully', termsVersion: null });
      if (call.path === '/user/me') return jsonResponse(makeUser('superAdmin', { companyLogo: 'http://s3.test/logo.jpg' }));
      return jsonResponse({});
    });
    wrap(<FileField scope="company" kind="companyLogo" label="Company logo" url={null} hint="" confirmTitle="t" confirmText="c" />);
    await userEvent.setup().upload(screen.getByLabelText('Company logo'), new File([new Uint8Array(20)], 'logo.png', { type: 'image/png' }));
    await waitFor(() => expect(toasts()).toContain('Company logo uploaded successfully'));
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /organisation/company/upload-url',
      'PUT /put',
      'POST /organisation/company/upload-complete',
      'GET /user/me',
    ]);
    expect(calls[0]?.body).toEqual({ kind: 'companyLogo', contentType: 'image/png', sizeBytes: 20 });
    expect(calls[2]?.body).toEqual({ kind: 'companyLogo', uploadKey: 'pending/t1/companyLogo/company/k.png' });
    await waitFor(() => expect(useSessionStore.getState().user?.companyLogo).toBe('http://s3.test/logo.jpg'));
  });

  it('deletes only after the confirmation', async () => {
    const calls = stub((call) =>
      call.path === '/organisation/me/file' ? jsonResponse({ message: 'Your encouragement video deleted successfully' }) : jsonResponse(makeUser('superAdmin')),
    );
    wrap(
      <FileField scope="me" kind="encouragementVideo" label="Your encouragement video" url="http://s3.test/v.mp4" hint="" confirmTitle="Delete your encouragement video?" confirmText="c" />,
    );
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Delete' }));
    expect(calls).toHaveLength(0);
    const dialog = await screen.findByRole('dialog');
    await u.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toasts()).toContain('Your encouragement video deleted successfully'));
    expect(calls[0]).toMatchObject({ method: 'DELETE', path: '/organisation/me/file', body: { kind: 'encouragementVideo' } });
  });
});

describe('departments', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
    useToastStore.setState({ toasts: [] });
    saveToken('tok', 't1');
  });

  it('adds a department with the spec messages', async () => {
    const list: { id: string; name: string }[] = [];
    const calls = stub((call) => {
      if (call.path === '/departments/t1/all-departments') return jsonResponse(list);
      if (call.path === '/departments/add') {
        const added = { id: 'd1', name: (call.body as { name: string }).name };
        list.push(added);
        return jsonResponse(added, 201);
      }
      return jsonResponse({});
    });
    wrap(<DepartmentsManager tenantId="t1" />);
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Department is a required field')).toBeInTheDocument();
    await u.type(screen.getByLabelText('New department'), 'Sales');
    await u.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(toasts()).toContain('Department added successfully'));
    expect(await screen.findByText('Sales')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/departments/add')?.body).toEqual({ name: 'Sales' });
  });
});
