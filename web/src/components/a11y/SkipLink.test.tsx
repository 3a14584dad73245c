import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AuthLayout } from '../layouts/AuthLayout';

describe('the skip link', () => {
  it('is the first Tab stop and moves the focus to the main content, past the header', async () => {
    const user = userEvent.setup();
    render(
      <AuthLayout>
        <h1>Sign in to Storyhive</h1>
        <button type="button">Sign in</button>
      </AuthLayout>,
    );
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    expect(skip).toHaveAttribute('href', '#main');
    await user.keyboard('{Enter}');
    const main = screen.getByRole('main');
    expect(main).toHaveFocus();
    // The next Tab stop is the first control of the main content, not the theme toggle in the header.
    await user.tab();
    expect(screen.getByRole('button', { name: 'Sign in' })).toHaveFocus();
  });
});
