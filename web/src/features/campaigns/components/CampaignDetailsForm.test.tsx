import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { saveToken } from '@/lib/storage';
import { jsonResponse } from '@/testing/fixtures';
import type { CampaignInput } from '../types';
import { CampaignDetailsForm, LANGUAGE_HINT, REMINDERS_HINT } from './CampaignDetailsForm';

function renderForm(onSubmit: (input: CampaignInput) => Promise<unknown> = async () => undefined) {
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
      <CampaignDetailsForm submitLabel="Create campaign" onSubmit={onSubmit} />
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

  it('asks which language collaborators will speak, English unless staff choose another', async () => {
    const sent: CampaignInput[] = [];
    renderForm(async (input) => sent.push(input));
    const user = userEvent.setup();
    const language = screen.getByRole('combobox', { name: 'Language of the answers' });
    expect(language).toHaveValue('en');
    expect(language).toHaveAccessibleDescription(LANGUAGE_HINT);
    expect(within(language).getAllByRole('option').map((o) => o.getAttribute('value'))).toEqual(['en', 'es', 'fr', 'de', 'pt', 'ar']);

    await user.selectOptions(language, 'es');
    await user.click(await screen.findByRole('radio', { name: 'Open' }));
    await user.click(screen.getByRole('radio', { name: 'Private' }));
    await user.click(screen.getByRole('radio', { name: 'Landscape' }));
    await user.type(screen.getByRole('textbox', { name: /Title/ }), 'Historias');
    await user.type(screen.getByRole('textbox', { name: /Description/ }), 'Nuestras voces');
    await user.click(screen.getByRole('button', { name: 'Create campaign' }));
    // Nothing is sent without an initiative and a tag; the language stays chosen.
    expect(language).toHaveValue('es');
  });

  it('sends reminders by default, asks the days before the deadline only for a targeted campaign, and checks the days', async () => {
    renderForm();
    const user = userEvent.setup();
    expect(screen.getByText(REMINDERS_HINT)).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'Send reminders' })).toBeChecked();
    const after = screen.getByRole('spinbutton', { name: 'Days after the invitation' });
    expect(after).toHaveValue(3);
    expect(screen.queryByRole('spinbutton', { name: 'Days before the deadline' })).toBeNull();

    await user.click(await screen.findByRole('radio', { name: 'Targeted' }));
    expect(screen.getByRole('spinbutton', { name: 'Days before the deadline' })).toHaveValue(2);

    await user.clear(after);
    await user.type(after, '45');
    await user.click(screen.getByRole('button', { name: 'Create campaign' }));
    expect(await screen.findByText('Remind between 1 and 30 days after the invitation')).toBeVisible();
  });
});
