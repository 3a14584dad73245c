import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { ROLE_LABELS } from '@/config/access';
import { paths } from '@/config/paths';
import type { CurrentUser } from '@/types/api';
import { roleOf, signOut } from '@/lib/auth';

export function displayName(user: CurrentUser): string {
  const name = [user.firstName, user.lastName].filter((p) => p && p.trim()).join(' ').trim();
  return name || user.email;
}

function initials(user: CurrentUser): string {
  const parts = [user.firstName, user.lastName].filter((p): p is string => !!p && p.trim() !== '');
  const letters = parts.length ? parts.map((p) => p.trim()[0]) : [user.email[0]];
  return letters.join('').toUpperCase().slice(0, 2);
}

/**
 * The user menu, a menu button (WAI-ARIA APG): the button is named by the user's name it shows;
 * Enter, Space or ArrowDown open the menu on its first item, ArrowUp on its last; in the menu the
 * arrow keys, Home and End move between the items, Escape closes it and gives the focus back to the
 * button, Tab closes it and moves on.
 */
export function UserMenu({ user }: { user: CurrentUser }) {
  const [open, setOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  /** Which item takes the focus once the menu has opened. */
  const focusOnOpen = useRef<'first' | 'last'>('first');
  const buttonId = useId();
  const menuId = useId();
  const role = roleOf(user);
  const name = displayName(user);

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([disabled])') ?? []);

  useEffect(() => {
    if (!open) return;
    const list = items();
    (focusOnOpen.current === 'last' ? list[list.length - 1] : list[0])?.focus();
    const onDown = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const openMenu = (at: 'first' | 'last') => {
    focusOnOpen.current = at;
    setOpen(true);
  };

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu(event.key === 'ArrowUp' ? 'last' : 'first');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      list[(to + list.length) % list.length]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        return move(index + 1);
      case 'ArrowUp':
        return move(index < 0 ? list.length - 1 : index - 1);
      case 'Home':
        return move(0);
      case 'End':
        return move(list.length - 1);
      case 'Escape':
        event.preventDefault();
        return close(true);
      case 'Tab':
        // Tab goes on from the button (the items are out of the Tab order); Shift+Tab stops on it.
        if (event.shiftKey) event.preventDefault();
        return close(true);
      case ' ':
        // Space activates an item as Enter does (a link only answers Enter by itself).
        event.preventDefault();
        (document.activeElement as HTMLElement | null)?.click();
        return;
    }
  };

  return (
    <div
      ref={ref}
      className="relative"
      onBlur={(e) => {
        // The focus left the menu and its button (e.g. a click elsewhere that focused something).
        if (open && e.relatedTarget && ref.current && !ref.current.contains(e.relatedTarget as Node)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        data-testid="user-menu"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openMenu('first'))}
        onKeyDown={onButtonKeyDown}
        className="flex items-center gap-2 rounded-lg border border-line bg-raised py-1 pl-1 pr-1 text-sm hover:bg-sunken focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:pr-3"
      >
        {user.avatar ? (
          <img src={user.avatar} alt="" className="h-7 w-7 rounded-md object-cover" />
        ) : (
          <span aria-hidden className="flex h-7 w-7 items-center justify-center rounded-md bg-primary text-xs font-semibold text-primary-fg">
            {initials(user)}
          </span>
        )}
        {/* The name is the button's name (label in name, WCAG 2.5.3); on a phone only the initials show. */}
        <span className="sr-only max-w-40 truncate sm:not-sr-only">{name}</span>
      </button>
      {open && (
        <div className="absolute right-0 z-30 mt-2 w-64 rounded-xl border border-line bg-raised p-2 shadow-lg">
          <div className="border-b border-line px-3 pb-3 pt-1">
            <p className="truncate text-sm font-medium">{name}</p>
            <p className="truncate text-xs text-muted">{user.email}</p>
            {role && <p className="mt-1 text-xs text-muted">{ROLE_LABELS[role]}{user.companyName ? ` · ${user.companyName}` : ''}</p>}
          </div>
          <div ref={menuRef} id={menuId} role="menu" aria-labelledby={buttonId} onKeyDown={onMenuKeyDown} className="pt-1">
            <Link
              role="menuitem"
              tabIndex={-1}
              to={paths.profile}
              onClick={() => setOpen(false)}
              className="block rounded-lg px-3 py-2 text-sm hover:bg-sunken focus:bg-sunken focus:outline-2 focus:outline-ring"
            >
              Profile
            </Link>
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              disabled={signingOut}
              onClick={() => {
                setSigningOut(true);
                void signOut();
              }}
              className="block w-full rounded-lg px-3 py-2 text-left text-sm text-danger hover:bg-sunken focus:bg-sunken focus:outline-2 focus:outline-ring disabled:opacity-50"
            >
              {signingOut ? 'Signing out…' : 'Sign out'}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
