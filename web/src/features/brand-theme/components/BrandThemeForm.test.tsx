import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { saveToken } from '@/lib/storage';
import { useSessionStore } from '@/stores/session-store';
import { useToastStore } from '@/stores/toast-store';
import { jsonResponse, makeUser } from '@/testing/fixtures';
import { COLOUR_RULE, DEFAULT_THEME, SAME_COLOURS, THEME_SAVED, validateTheme, type BrandTheme } from '../api/theme-api';
import { BrandThemePage } from './BrandThemePage';

type Call = { path: string; method: string; body: unknown };

function stub(handler: (call: Call) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string, init?: RequestInit) => {
      const req = typeof input === 'string' ? new Request(input, init) : input;
      const text = await req.clone().text();
      const call = { path: new URL(req.url).pathname.replace(/^\/api/, ''), method: req.method, body: text ? (JSON.parse(text) as unknown) : undefined };
      calls.push(call);
      return handler(call);
    }),
  );
  return calls;
}

const SAVED: BrandTheme = {
  background: '#1f2937',
  text: '#fefce8',
  accent: '#be123c',
  font: 'lato',
  logoPosition: 'topRight',
  captionSize: 'large',
  captionBox: false,
};

/** The organisation's theme and logo; PUT answers with `put` (or echoes the body as saved). */
function organisation(put?: (body: BrandTheme) => Response) {
  let stored = SAVED;
  return stub((call) => {
    if (call.path === '/organisation/theme' && call.method === 'GET') return jsonResponse(stored);
    if (call.path === '/organisation/theme' && call.method === 'PUT') {
      const body = call.body as BrandTheme;
      if (put) return put(body);
      stored = body;
      return jsonResponse(stored);
    }
    return jsonResponse({ detail: 'not stubbed', requestId: 'r' }, 404);
  });
}

const show = () =>
  render(
    <QueryClientProvider client={queryClient}>
      <BrandThemePage />
    </QueryClientProvider>,
  );

const form = () => screen.getByRole('form', { name: 'Brand theme' });

describe('the brand theme screen', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
    useToastStore.setState({ toasts: [] });
    saveToken('tok', 't1');
    useSessionStore.setState({ user: makeUser('admin', { companyLogo: 'https://media.example/logo.png' }), status: 'ready' });
  });

  it('checks colours as the API does', () => {
    expect(validateTheme(DEFAULT_THEME)).toEqual({});
    expect(validateTheme({ ...DEFAULT_THEME, background: ' #1F2937 ' })).toEqual({});
    expect(validateTheme({ ...DEFAULT_THEME, accent: 'blue', background: '#12345' })).toEqual({ accent: COLOUR_RULE, background: COLOUR_RULE });
    expect(validateTheme({ ...DEFAULT_THEME, text: '#111827' })).toEqual({ text: SAME_COLOURS });
  });

  it("shows the saved theme in the form and the preview: its font, colours, logo corner and caption style", async () => {
    organisation();
    show();
    expect(await within(await screen.findByRole('form', { name: 'Brand theme' })).findByLabelText('Card background')).toHaveValue('#1f2937');
    expect(screen.getByLabelText('Font')).toHaveValue('lato');
    expect(screen.getByLabelText('Logo')).toHaveValue('topRight');
    expect(screen.getByLabelText('Caption size')).toHaveValue('large');
    expect(screen.getByRole('checkbox', { name: /Captions on a dark box/ })).not.toBeChecked();

    const title = screen.getByTestId('preview-title-card');
    expect(title.style.fontFamily).toBe('"Lato", sans-serif');
    expect(title.style.background).toBe('rgb(31, 41, 55)');
    expect(title.style.color).toBe('rgb(254, 252, 232)');
    expect(title).toHaveTextContent('Why our volunteers stay');
    const lower = screen.getByTestId('preview-lower-third');
    expect(lower).toHaveTextContent('Amal K.');
    expect(lower.style.background).toBe('rgb(190, 18, 60)');
    expect(lower.style.color).toBe('rgb(254, 252, 232)');
    const caption = screen.getByTestId('preview-caption');
    expect(caption.style.fontSize).toBe('6.2cqmin');
    expect(caption.style.background).toBe('');
    expect(caption.style.textShadow).not.toBe('');
    const logo = await screen.findByTestId('preview-corner-logo');
    expect(logo).toHaveAttribute('src', 'https://media.example/logo.png');
    expect(logo.style.top).not.toBe('');
    expect(logo.style.right).not.toBe('');
    expect(screen.getByText('Saved')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('changes the preview as the form changes, in the three shapes', async () => {
    organisation();
    show();
    await screen.findByRole('form', { name: 'Brand theme' });
    const background = within(form()).getByLabelText('Card background');
    await userEvent.clear(background);
    await userEvent.type(background, '#0F766E');
    expect(screen.getByTestId('preview-title-card').style.background).toBe('rgb(15, 118, 110)');
    // The colour picker follows the text, and the text the picker.
    expect(screen.getByLabelText('Card background: choose a colour')).toHaveValue('#0f766e');
    fireEvent.input(screen.getByLabelText('Lower third: choose a colour'), { target: { value: '#7c3aed' } });
    expect(within(form()).getByLabelText('Lower third')).toHaveValue('#7c3aed');
    expect(screen.getByTestId('preview-lower-third').style.background).toBe('rgb(124, 58, 237)');

    await userEvent.selectOptions(screen.getByLabelText('Font'), 'liberationSerif');
    expect(screen.getByTestId('preview-end-card').style.fontFamily).toBe('"Liberation Serif", "Tinos", sans-serif');
    expect(screen.getByText(/or in Tinos where this computer lacks it/)).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Logo'), 'endCardOnly');
    expect(screen.queryByTestId('preview-corner-logo')).not.toBeInTheDocument();
    expect(screen.getByTestId('preview-end-logo')).toHaveAttribute('src', 'https://media.example/logo.png');
    await userEvent.click(screen.getByRole('checkbox', { name: /Captions on a dark box/ }));
    expect(screen.getByTestId('preview-caption').style.background).toBe('rgba(0, 0, 0, 0.69)');

    expect(screen.getByTestId('preview-clip').style.aspectRatio).toBe('16 / 9');
    await userEvent.click(screen.getByRole('button', { name: '9:16' }));
    expect(screen.getByTestId('preview-clip').style.aspectRatio).toBe('9 / 16');
    expect(screen.getByRole('button', { name: '9:16' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: '1:1' }));
    expect(screen.getByTestId('preview-title-card').style.aspectRatio).toBe('1 / 1');
    expect(screen.getByText('Not saved yet')).toBeInTheDocument();
  });

  it('saves every field, colours in lower case', async () => {
    const calls = organisation();
    show();
    await screen.findByRole('form', { name: 'Brand theme' });
    const accent = within(form()).getByLabelText('Lower third');
    await userEvent.clear(accent);
    await userEvent.type(accent, '#ABCDEF');
    await userEvent.selectOptions(screen.getByLabelText('Caption size'), 'small');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ ...SAVED, accent: '#abcdef', captionSize: 'small' });
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(useToastStore.getState().toasts.map((t) => t.message)).toContain(THEME_SAVED);
  });

  it('refuses bad colours before sending, and shows the API field errors by field', async () => {
    const calls = organisation(() =>
      jsonResponse({ detail: SAME_COLOURS, requestId: 'r', errors: [{ field: 'text', message: SAME_COLOURS }, { field: 'font', message: 'Choose a font' }] }, 400),
    );
    show();
    await screen.findByRole('form', { name: 'Brand theme' });
    const accent = within(form()).getByLabelText('Lower third');
    await userEvent.clear(accent);
    await userEvent.type(accent, 'navy');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(within(form()).getByText(COLOUR_RULE)).toBeInTheDocument();
    expect(accent).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await userEvent.clear(accent);
    await userEvent.type(accent, '#123456');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(form()).findByText(SAME_COLOURS)).toBeInTheDocument();
    expect(within(form()).getByLabelText('Text')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form()).getByText('Choose a font')).toBeInTheDocument();
    expect(screen.getByText('Not saved yet')).toBeInTheDocument();
  });

  it('resets the form to the default theme, saved only when asked', async () => {
    const calls = organisation();
    show();
    await screen.findByRole('form', { name: 'Brand theme' });
    await userEvent.click(screen.getByRole('button', { name: 'Reset to default' }));
    expect(within(form()).getByLabelText('Card background')).toHaveValue(DEFAULT_THEME.background);
    expect(screen.getByLabelText('Font')).toHaveValue('dejavuSans');
    expect(screen.getByTestId('preview-title-card').style.fontFamily).toBe('"DejaVu Sans", sans-serif');
    expect(screen.getByRole('button', { name: 'Reset to default' })).toBeDisabled();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual(DEFAULT_THEME));
  });
});
