import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { saveToken } from '@/lib/storage';
import { jsonResponse } from '@/testing/fixtures';
import { CampaignDetailsForm } from './CampaignDetailsForm';

function renderForm() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (req: Request) => {
      const path = new URL(req.url).pathname.replace(/^\/api/, '');
      if (path === '/initiative/list') return jsonResponse([{ id: 'i1', name: 'Spring', campaignCount: 0, createdAt: '' }]);
      if (path === '/tags/all-tags') return jsonResponse([]);
      return jsonResponse({ detail: `unexpected ${req.method} ${path}` }, 500);
    }),
  );
  return render(
    <QueryClientProvider client={queryClient}>
      <CampaignDetailsForm submitLabel="Create campaign" onSubmit={async () => undefined} />
    </QueryClientProvider>,
  );
}

describe('campaign details form', () => {
  beforeEach(() => {
    queryClient.clear();
    saveToken('tok', 't1');
  });

  it('explains Open and Targeted where they are chosen', () => {
    renderForm();
    const type = screen.getByRole('group', { name: 'Type' });
    // Each choice keeps its short name and is described by what it means for collaborators.
    expect(within(type).getByRole('radio', { name: 'Open' })).toHaveAccessibleDescription(
      'No dates needed: collaborators can answer for as long as the campaign is live.',
    );
    expect(within(type).getByRole('radio', { name: 'Targeted' })).toHaveAccessibleDescription(
      'Only the people you invite, with a deadline to answer by and an expiry date: the last day answers are taken.',
    );
  });

  it('explains Public and Private where they are chosen', () => {
    renderForm();
    const visibility = screen.getByRole('group', { name: 'Visibility' });
    expect(within(visibility).getByRole('radio', { name: 'Public' })).toHaveAccessibleDescription(
      'If the campaign is open, anyone can sign up with their name and e-mail and gets their own link by e-mail.',
    );
    expect(within(visibility).getByRole('radio', { name: 'Private' })).toHaveAccessibleDescription(
      'Only the people you invite can take part.',
    );
    expect(within(visibility).getByText('Only the people you invite can take part.')).toBeVisible();
  });
});
