import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { parseEnv } from '@/config/env';
import { makeUser } from '@/testing/fixtures';
import { StaffLayout } from './StaffLayout';
import { SUPPORT_CHAT_ATTRIBUTE, SupportChat } from './SupportChat';

const chatScripts = () => document.querySelectorAll(`script[${SUPPORT_CHAT_ATTRIBUTE}]`);

describe('the support chat widget', () => {
  afterEach(() => chatScripts().forEach((s) => s.remove()));

  it('loads the configured script once, and removes it when the staff frame goes', () => {
    const url = 'https://chat.example.com/widget.js';
    const { unmount } = render(
      <>
        <SupportChat scriptUrl={url} />
        <SupportChat scriptUrl={url} />
      </>,
    );
    expect(chatScripts()).toHaveLength(1);
    expect(chatScripts()[0]).toHaveAttribute('src', url);
    unmount();
    expect(chatScripts()).toHaveLength(0);
  });

  it('loads nothing when no script is configured', () => {
    render(<SupportChat scriptUrl={undefined} />);
    expect(chatScripts()).toHaveLength(0);
  });

  it('is not configured by this build, so the staff frame loads none', () => {
    // The unit tests build without VITE_SUPPORT_CHAT_SCRIPT_URL (vite.config.ts), as an unconfigured deployment.
    expect(parseEnv(import.meta.env).SUPPORT_CHAT_SCRIPT_URL).toBeUndefined();
    render(
      <MemoryRouter>
        <StaffLayout user={makeUser('admin')} role="admin" isAvailable={() => true} />
      </MemoryRouter>,
    );
    expect(document.querySelector('[data-testid="staff-layout"]')).not.toBeNull();
    expect(chatScripts()).toHaveLength(0);
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });
});

describe('VITE_SUPPORT_CHAT_SCRIPT_URL', () => {
  it('is optional: unset or blank means no widget', () => {
    expect(parseEnv({}).SUPPORT_CHAT_SCRIPT_URL).toBeUndefined();
    expect(parseEnv({ VITE_SUPPORT_CHAT_SCRIPT_URL: '  ' }).SUPPORT_CHAT_SCRIPT_URL).toBeUndefined();
  });

  it('takes an https URL', () => {
    expect(parseEnv({ VITE_SUPPORT_CHAT_SCRIPT_URL: ' https://chat.example.com/w.js ' }).SUPPORT_CHAT_SCRIPT_URL).toBe(
      'https://chat.example.com/w.js',
    );
  });

  it('refuses anything else, naming the variable', () => {
    for (const bad of ['http://chat.example.com/w.js', 'javascript:alert(1)', 'widget.js', 42]) {
      expect(() => parseEnv({ VITE_SUPPORT_CHAT_SCRIPT_URL: bad })).toThrow(/VITE_SUPPORT_CHAT_SCRIPT_URL/);
    }
  });
});
