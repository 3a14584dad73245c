import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ROLE_LABELS } from '@/config/access';
import { paths } from '@/config/paths';
import type { CurrentUser } from '@/lib/api/types';
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

export function UserMenu({ user }: { user: CurrentUser }) {
  const [open, setOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const role = roleOf(user);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div ref={ref} className="relative">
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label="User menu"
        onClick={() => setOpen((v) => !v)}
        className="flex items-center gap-2 rounded-lg border border-line bg-raised py-1 pl-1 pr-3 text-sm hover:bg-sunken"
      >
        {user.avatar ? (
          <img src={user.avatar} alt="" className="h-7 w-7 rounded-md object-cover" />
        ) : (
          <span aria-hidden className="flex h-7 w-7 items-center justify-center rounded-md bg-primary text-xs font-semibold text-primary-fg">
            {initials(user)}
          </span>
        )}
        <span className="hidden max-w-40 truncate sm:inline">{displayName(user)}</span>
      </button>
      {open && (
        <div role="menu" className="absolute right-0 z-30 mt-2 w-64 rounded-xl border border-line bg-raised p-2 shadow-lg">
          <div className="border-b border-line px-3 pb-3 pt-1">
            <p className="truncate text-sm font-medium">{displayName(user)}</p>
            <p className="truncate text-xs text-muted">{user.email}</p>
            {role && <p className="mt-1 text-xs text-muted">{ROLE_LABELS[role]}{user.companyName ? ` · ${user.companyName}` : ''}</p>}
          </div>
          <Link
            role="menuitem"
            to={paths.profile}
            onClick={() => setOpen(false)}
            className="mt-1 block rounded-lg px-3 py-2 text-sm hover:bg-sunken"
          >
            Profile
          </Link>
          <button
            type="button"
            role="menuitem"
            disabled={signingOut}
            onClick={() => {
              setSigningOut(true);
              void signOut();
            }}
            className="block w-full rounded-lg px-3 py-2 text-left text-sm text-danger hover:bg-sunken disabled:opacity-50"
          >
            {signingOut ? 'Signing out…' : 'Sign out'}
          </button>
        </div>
      )}
    </div>
  );
}
