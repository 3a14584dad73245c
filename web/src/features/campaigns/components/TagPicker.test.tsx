import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { saveToken } from '@/lib/storage';
import { useToastStore } from '@/stores/toast-store';
import { jsonResponse } from '@/testing/fixtures';
import { TagPicker } from './TagPicker';

type Call = { method: string; path: string; body: unknown };

function stub(tags: { id: string; name: string }[]) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (req: Request) => {
      const text = await req.clone().text();
      const call = { method: req.method, path: new URL(req.url).pathname.replace(/^\/api/, ''), body: text ? (JSON.parse(text) as unknown) : undefined };
      calls.push(call);
      if (call.path === '/tags/add') return jsonResponse({ id: 'new', name: (call.body as { name: string }).name }, 201);
      return jsonResponse(tags);
    }),
  );
  return calls;
}

/** The picker inside a campaign form, as in the editor: creating a tag must not send that form. */
function Harness({ initial = [] as string[], onCampaignSubmit = vi.fn() }) {
  const [value, setValue] = useState(initial);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onCampaignSubmit();
      }}
    >
      <TagPicker value={value} onChange={setValue} />
      <output data-testid="chosen">{value.join(',')}</output>
    </form>
  );
}

const renderPicker = (props: Parameters<typeof Harness>[0] = {}) =>
  render(
    <QueryClientProvider client={queryClient}>
      <Harness {...props} />
    </QueryClientProvider>,
  );

describe('tag picker', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
    saveToken('tok', 't1');
  });

  it('checks a new tag in the spec words, then creates and picks it without sending the campaign form', async () => {
    const calls = stub([]);
    const onCampaignSubmit = vi.fn();
    renderPicker({ onCampaignSubmit });
    await screen.findByText('No tags yet: create one below.');
    const name = screen.getByLabelText('New tag');

    fireEvent.keyDown(name, { key: 'Enter' });
    expect(await screen.findByText('Tag is a required field')).toBeInTheDocument();
    fireEvent.change(name, { target: { value: 'x'.repeat(31) } });
    expect(await screen.findByText('Tag must be at most 30 characters')).toBeInTheDocument();

    fireEvent.change(name, { target: { value: ' culture ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add tag' }));
    await waitFor(() => expect(screen.getByTestId('chosen')).toHaveTextContent('new'));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([{ method: 'POST', path: '/tags/add', body: { name: 'culture' } }]);
    expect(screen.getByLabelText('culture')).toBeChecked();
    expect(name).toHaveValue('');
    expect(useToastStore.getState().toasts).toMatchObject([{ kind: 'success', message: 'Tag created successfully' }]);
    expect(onCampaignSubmit).not.toHaveBeenCalled();
  });

  it("refuses a fifth tag with 'Tags must be at most 4 items'", async () => {
    stub(['a', 'b', 'c', 'd', 'e'].map((id) => ({ id, name: `tag ${id}` })));
    renderPicker({ initial: ['a', 'b', 'c', 'd'] });
    fireEvent.click(await screen.findByLabelText('tag e'));
    expect(screen.getByRole('alert')).toHaveTextContent('Tags must be at most 4 items');
    expect(screen.getByLabelText('tag e')).not.toBeChecked();
    fireEvent.click(screen.getByLabelText('tag a'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByTestId('chosen')).toHaveTextContent('b,c,d');
  });
});
