import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/testing/fixtures';
import { UserMenu } from './UserMenu';

function renderMenu() {
  render(
    <MemoryRouter>
      <button type="button">Before</button>
      <UserMenu user={makeUser('admin')} />
      <button type="button">After</button>
    </MemoryRouter>,
  );
  return screen.getByRole('button', { name: 'Ada Lovelace' });
}

describe('the user menu (a menu button)', () => {
  it('is named by the name it shows (label in name) and says it opens a menu', () => {
    const button = renderMenu();
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveTextContent('Ada Lovelace');
  });

  it('opens on Enter with the focus on its first item; the arrow keys, Home and End move and wrap', async () => {
    const user = userEvent.setup();
    const button = renderMenu();
    button.focus();
    await user.keyboard('{Enter}');
    const menu = screen.getByRole('menu', { name: 'Ada Lovelace' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAttribute('aria-controls', menu.id);
    const [profile, signOut] = screen.getAllByRole('menuitem');
    expect(profile).toHaveTextContent('Profile');
    expect(signOut).toHaveTextContent('Sign out');
    await waitFor(() => expect(profile).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(signOut).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(profile).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(signOut).toHaveFocus();
    await user.keyboard('{Home}');
    expect(profile).toHaveFocus();
    await user.keyboard('{End}');
    expect(signOut).toHaveFocus();
    // The items are reached with the arrow keys only, not with Tab.
    expect(profile).toHaveAttribute('tabindex', '-1');
    expect(signOut).toHaveAttribute('tabindex', '-1');
  });

  it('opens on ArrowUp at its last item and on ArrowDown at its first', async () => {
    const user = userEvent.setup();
    const button = renderMenu();
    button.focus();
    await user.keyboard('{ArrowUp}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Sign out' })).toHaveFocus());
    await user.keyboard('{Escape}');
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Profile' })).toHaveFocus());
  });

  it('closes on Escape and gives the focus back to its button', async () => {
    const user = userEvent.setup();
    const button = renderMenu();
    await user.click(button);
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Profile' })).toHaveFocus());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('closes on Tab, and Tab goes on to what follows the button', async () => {
    const user = userEvent.setup();
    const button = renderMenu();
    button.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Profile' })).toHaveFocus());
    await user.tab();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
  });

  it('closes on a click outside', async () => {
    const user = userEvent.setup();
    const button = renderMenu();
    await user.click(button);
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Before' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
