import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InviteContributorForm } from '@/features/campaigns/components/contributors/InviteContributorForm';
import { contributorFetch } from '@/features/contributor-journey/api/contributor-client';
import { clearResources } from '@/features/contributor-journey/api/resource';
import { LandingPage } from '@/features/contributor-journey/components/LandingPage';
import { makeContributorCampaign } from '@/features/contributor-journey/fixtures';
import { ProfileForm } from '@/features/profile/components/ProfileForm';
import { InviteUserDialog } from '@/features/users/components/UserDialogs';
import { queryClient } from '@/lib/query-client';
import { saveToken } from '@/lib/storage';
import { nameError } from '@/lib/validation/rules';
import { jsonResponse, makeUser } from '@/testing/fixtures';

/**
 * One name rule and one e-mail rule for the whole app: the same input gets the same message in the
 * collaborator invitation (staff), on the contributor landing page, in the profile and in the staff
 * invitation.
 */

const NAME_INPUTS = ['', '   ', 'Al', 'A1', 'A😀', 'Ann😀', 'Sm1th', '-Ann', 'x'.repeat(51), 'O’Neil', "Anne-Marie d'Arc"];
const EMAIL_INPUTS = ['ann', 'ann@acme', 'an n@acme.com', 'ann@acme..com', 'ann@acme_films.com', ' Ann@Acme.org '];

const DATA = { tenantId: 't1', campaignId: 'c1', contributorId: 'p1', key: 'k1' };
const CAMPAIGN = makeContributorCampaign();

/** The message shown under the field labelled `label` (inside `scope`), or null. */
function messageUnder(scope: HTMLElement, label: string | RegExp): string | null {
  const input = within(scope).getByLabelText(label);
  const id = input.getAttribute('aria-describedby');
  return id?.endsWith('-error') ? (document.getElementById(id)?.textContent ?? null) : null;
}

/** Types `value` into the field labelled `label`, sends the form with `button` and reads the field's message. */
async function messageFor(scope: HTMLElement, label: string | RegExp, value: string, button: string): Promise<string | null> {
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });
  await act(async () => {
    fireEvent.click(within(scope).getByRole('button', { name: button, hidden: true }));
  });
  return messageUnder(scope, label);
}

const wrap = (ui: React.ReactNode) => render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>).container;

let sent: string[];

beforeEach(() => {
  queryClient.clear();
  clearResources();
  saveToken('tok', 't1');
  sent = [];
  // Lists (countries, departments) are empty; no form here may send anything: a field is always refused.
  vi.stubGlobal(
    'fetch',
    vi.fn(async (req: Request) => {
      if (req.method !== 'GET') sent.push(`${req.method} ${new URL(req.url).pathname}`);
      return jsonResponse([]);
    }),
  );
  contributorFetch.fetch = async (input, init) => {
    if ((init?.method ?? 'GET') !== 'GET') sent.push(`${init?.method} ${String(input)}`);
    return Response.json(CAMPAIGN);
  };
});

afterEach(() => vi.unstubAllGlobals());

/** What the app's one name rule says of each input. */
const RULE = NAME_INPUTS.map((value) => nameError('First name', value));

async function messagesFor(scope: HTMLElement, label: string | RegExp, inputs: string[], button: string) {
  const messages: (string | null)[] = [];
  for (const value of inputs) messages.push(await messageFor(scope, label, value, button));
  return messages;
}

describe('one name rule: the same input gets the same message in every form', () => {
  it('the rule gives the API’s words', () => {
    expect(RULE).toEqual([
      'First name is a required field',
      'First name is a required field',
      'First name must be at least 3 characters',
      'First name must be at least 3 characters',
      'First name must be at least 3 characters',
      'First name must not contain special characters or emojis',
      'First name must not contain special characters or emojis',
      'First name must not contain special characters or emojis',
      'First name must be at most 50 characters',
      null,
      null,
    ]);
  });

  it('in the collaborator invitation (staff)', async () => {
    const invite = wrap(<InviteContributorForm campaignId="c1" />);
    expect(await messagesFor(invite, 'First name', NAME_INPUTS, 'Invite collaborator')).toEqual(RULE);
    expect(sent).toEqual([]);
  });

  it('on the contributor landing page', async () => {
    const landing = wrap(<LandingPage data={DATA} />);
    await screen.findByRole('heading', { name: 'Spring stories' });
    expect(await messagesFor(landing, 'First name', NAME_INPUTS, 'Get started')).toEqual(RULE);
    expect(sent).toEqual([]);
  });

  it('in the profile', async () => {
    const profile = wrap(<ProfileForm user={makeUser('admin')} />);
    fireEvent.change(within(profile).getByLabelText('Last name'), { target: { value: '' } });
    expect(await messagesFor(profile, 'First name', NAME_INPUTS, 'Save changes')).toEqual(RULE);
    expect(sent).toEqual([]);
  });

  it('in the staff invitation, which may leave names out', async () => {
    const dialog = wrap(<InviteUserDialog open onClose={() => {}} actor="admin" />);
    const messages = await messagesFor(dialog, 'First name (optional)', NAME_INPUTS, 'Send invitation');
    expect(messages.slice(0, 2)).toEqual([null, null]);
    expect(messages.slice(2)).toEqual(RULE.slice(2));
    expect(sent).toEqual([]);
  });
});

describe('one e-mail rule', () => {
  it('the staff and the collaborator invitations say the same of a malformed address', async () => {
    const dialog = wrap(<InviteUserDialog open onClose={() => {}} actor="admin" />);
    const collaborator = wrap(<InviteContributorForm campaignId="c1" />);
    const inStaff = await messagesFor(dialog, 'Work email', EMAIL_INPUTS, 'Send invitation');
    const inCollaborator = await messagesFor(collaborator, 'Email', EMAIL_INPUTS, 'Invite collaborator');
    expect(inCollaborator).toEqual([...Array<string>(5).fill('Please enter a valid email address'), null]);
    expect(inStaff).toEqual(inCollaborator);
    // Only an empty field's words differ: a staff member gives a work address.
    expect(await messageFor(dialog, 'Work email', '', 'Send invitation')).toBe('Please enter your work email address');
    expect(await messageFor(collaborator, 'Email', '', 'Invite collaborator')).toBe('Please enter an email address');
    expect(sent).toEqual([]);
  });
});
