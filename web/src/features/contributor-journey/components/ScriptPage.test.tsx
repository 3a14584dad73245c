import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contributorFetch } from '../api/contributor-client';
import { clearResources } from '../api/resource';
import { saveContributorData } from '../lib/storage';
import { useContributorStore } from '../store';
import type { Journey } from '../types';
import { ContributorLayout } from './ContributorLayout';
import { ScriptPage } from './ScriptPage';

const DATA = { tenantId: 't1', campaignId: 'c1', contributorId: 'p1', key: 'secret-key' };

const journey: Journey = {
  tenantId: 't1',
  campaignId: 'c1',
  contributorId: 'p1',
  submitted: false,
  submittedAt: null,
  reRecording: false,
  questions: [
    {
      campaignQuestionId: 'q1',
      question: 'Who are you?',
      tips: null,
      sequence: 1,
      script: '<p>Campaign script</p>',
      contributorScript: null,
      videoConfig: { speed: 20, contrast: 50, fontSize: null },
      sentForReRecording: false,
      collaboratorReRecordingStatus: null,
      uploadStatus: 'none',
      failureReason: null,
      video: null,
      toAsk: true,
      stored: false,
    },
  ],
};

type Call = { url: string; init: RequestInit };
let calls: Call[];
let respond: (url: string, init: RequestInit) => Response;

beforeEach(() => {
  calls = [];
  respond = (url) =>
    url.includes('/contributor-journey/save')
      ? Response.json(journey.questions[0])
      : Response.json(journey);
  contributorFetch.fetch = async (input, init) => {
    const url = String(input);
    calls.push({ url, init: init ?? {} });
    return respond(url, init ?? {});
  };
  saveContributorData(DATA);
  // A staff token in the same browser must never be sent on contributor calls.
  window.localStorage.setItem('token', JSON.stringify({ access_token: 'staff', token_type: 'Bearer', tenant_id: 't1' }));
  useContributorStore.getState().reset();
  clearResources();
});

afterEach(() => {
  contributorFetch.fetch = (input, init) => globalThis.fetch(input, init);
});

function renderScript() {
  window.history.replaceState(null, '', '/contributor/scriptContributor?campaignQuestionId=q1');
  render(
    <ContributorLayout>
      <ScriptPage />
    </ContributorLayout>,
  );
}

describe('ScriptPage', () => {
  it('shows the script as paragraphs and saves it 500 ms after the last change, with the invite key only', async () => {
    renderScript();
    const box = await screen.findByRole('textbox', { name: 'Your script, in your own words' });
    expect(box).toHaveValue('Campaign script');
    vi.useFakeTimers();
    fireEvent.change(box, { target: { value: 'First paragraph.\n\nSecond' } });
    act(() => vi.advanceTimersByTime(200));
    fireEvent.change(box, { target: { value: 'First paragraph.\n\nSecond paragraph.' } });
    const preview = screen.getByRole('region', { name: 'Script preview' });
    expect(preview.querySelectorAll('p')).toHaveLength(2);
    act(() => vi.advanceTimersByTime(499));
    expect(calls.filter((c) => c.url.includes('/save'))).toHaveLength(0);
    await act(async () => vi.advanceTimersByTime(1));
    const saves = calls.filter((c) => c.url.includes('/contributor-journey/save'));
    expect(saves).toHaveLength(1);
    const save = saves[0]!;
    expect(JSON.parse(String(save.init.body))).toEqual({
      tenantId: 't1',
      campaignId: 'c1',
      contributorId: 'p1',
      campaignQuestionId: 'q1',
      contributorScript: 'First paragraph.\n\nSecond paragraph.',
    });
    const headers = save.init.headers as Record<string, string>;
    expect(headers['X-Invite-Key']).toBe('secret-key');
    expect(Object.keys(headers).map((h) => h.toLowerCase())).not.toContain('authorization');
  });

  it('a 403 shows that the link is no longer valid, without signing anyone out', async () => {
    respond = () => Response.json({ detail: 'Your access to this campaign has been suspended.' }, { status: 403 });
    renderScript();
    expect(await screen.findByText('Your access to this campaign has been suspended.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your access is suspended' })).toBeInTheDocument();
    // The staff session logic (clear everything and reload) did not run.
    expect(window.localStorage.getItem('contributorData')).not.toBeNull();
  });

  it('the AI wand writes the script from the prompt, and asks for a prompt first', async () => {
    respond = (url, init) => {
      if (url.endsWith('/openai/status')) return Response.json({ available: true });
      if (url.endsWith('/openai/generate-script')) {
        const body = JSON.parse(String(init.body)) as { prompt: string };
        return Response.json({
          campaignQuestionId: 'q1',
          videoScript: `About ${body.prompt}.\n\nThe end.`,
          paragraphs: [`About ${body.prompt}.`, 'The end.'],
        });
      }
      return url.includes('/contributor-journey/save') ? Response.json(journey.questions[0]) : Response.json(journey);
    };
    renderScript();
    const wand = await screen.findByRole('button', { name: 'Write my script' });
    await screen.findByText('Who are you?');
    await act(async () => fireEvent.click(wand));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a prompt to generate the script.');
    expect(calls.some((c) => c.url.endsWith('/openai/generate-script'))).toBe(false);

    fireEvent.change(screen.getByRole('textbox', { name: 'What do you want to say?' }), { target: { value: 'my garden' } });
    await act(async () => fireEvent.click(wand));
    expect(await screen.findByRole('textbox', { name: 'Your script, in your own words' })).toHaveValue(
      'About my garden.\n\nThe end.',
    );
    const generated = calls.find((c) => c.url.endsWith('/openai/generate-script'))!;
    expect(JSON.parse(String(generated.init.body))).toEqual({
      tenantId: 't1',
      campaignId: 'c1',
      contributorId: 'p1',
      campaignQuestionId: 'q1',
      prompt: 'my garden',
      fromFirstAnswer: false,
    });
    expect((generated.init.headers as Record<string, string>)['X-Invite-Key']).toBe('secret-key');
  });

  it('without an AI provider the wand is disabled and says why', async () => {
    respond = (url) =>
      url.endsWith('/openai/status')
        ? Response.json({ available: false, message: 'AI writing help is not available: no AI provider is configured for this installation.' })
        : Response.json(journey);
    renderScript();
    expect(await screen.findByTestId('ai-unavailable', {}, { timeout: 5000 })).toHaveTextContent('no AI provider is configured');
    expect(screen.getByRole('button', { name: 'Write my script' })).toBeDisabled();
  });
});
