import { useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { staffNavFor, type StaffRole } from '@/config/access';
import type { AppPath } from '@/config/paths';
import { MAIN_ID, SkipLink } from '@/components/a11y/SkipLink';
import { Logo } from '@/components/Logo';
import { ThemeToggle } from '@/components/ThemeToggle';
import type { CurrentUser } from '@/types/api';
import { cn } from '@/utils/cn';
import { SupportChat } from './SupportChat';
import { UserMenu } from './UserMenu';

type Props = {
  user: CurrentUser;
  role: StaffRole;
  /** Screens that exist in this build; the navigation only links to those. */
  isAvailable: (path: AppPath) => boolean;
};

function NavItems({ items, onNavigate }: { items: { label: string; path: AppPath }[]; onNavigate?: () => void }) {
  return (
    <ul className="space-y-1">
      {items.map((item) => (
        <li key={item.path}>
          <NavLink
            to={item.path}
            end
            onClick={onNavigate}
            className={({ isActive }) =>
              cn(
                'block rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                isActive ? 'bg-primary text-primary-fg' : 'text-fg hover:bg-sunken',
              )
            }
          >
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/** The frame of every staff screen: navigation for the role, theme toggle, user menu. */
export function StaffLayout({ user, role, isAvailable }: Props) {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const items = staffNavFor(role).filter((item) => isAvailable(item.path));

  return (
    <div data-testid="staff-layout" className="flex min-h-screen flex-col md:flex-row">
      <SkipLink />
      <SupportChat />
      {/* On a desktop the navigation stays in view while a long screen scrolls. */}
      <aside className="hidden w-60 shrink-0 flex-col border-r border-line bg-raised md:sticky md:top-0 md:flex md:h-screen md:self-start">
        <div className="px-5 py-5">
          <Logo />
        </div>
        <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 pb-4">
          <NavItems items={items} />
        </nav>
      </aside>

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-20 flex items-center justify-between gap-3 border-b border-line bg-surface/90 px-4 py-3 backdrop-blur sm:px-6">
          <div className="flex items-center gap-3 md:hidden">
            <button
              type="button"
              aria-label={menuOpen ? 'Close navigation' : 'Open navigation'}
              aria-expanded={menuOpen}
              onClick={() => setMenuOpen((v) => !v)}
              className="inline-flex h-9 w-9 items-center justify-center rounded-lg border border-line bg-raised"
            >
              <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
                <path d="M4 6h16M4 12h16M4 18h16" />
              </svg>
            </button>
            <Logo className="h-7" />
          </div>
          <div className="hidden md:block" />
          <div className="flex items-center gap-2">
            <ThemeToggle />
            <UserMenu user={user} />
          </div>
        </header>
        {menuOpen && (
          <nav aria-label="Main" className="border-b border-line bg-raised px-3 py-3 md:hidden">
            <NavItems items={items} onNavigate={() => setMenuOpen(false)} />
          </nav>
        )}
        <main key={location.pathname} id={MAIN_ID} tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 outline-none sm:px-6">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
