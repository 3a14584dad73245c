import type { ReactNode } from 'react';
import { MAIN_ID, SkipLink } from '../a11y/SkipLink';
import { Logo } from '../Logo';
import { ThemeToggle } from '../ThemeToggle';

/** The frame of the sign-in, sign-up and password pages. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <header className="flex items-center justify-between px-4 py-4 sm:px-8">
        <Logo />
        <ThemeToggle />
      </header>
      <main id={MAIN_ID} tabIndex={-1} className="flex flex-1 outline-none items-start justify-center px-4 pb-16 pt-6 sm:items-center sm:pt-0">
        <div className="w-full max-w-md rounded-2xl border border-line bg-raised p-6 shadow-sm sm:p-8">{children}</div>
      </main>
    </div>
  );
}

export function AuthHeading({ title, subtitle }: { title: string; subtitle?: ReactNode }) {
  return (
    <div className="mb-6 space-y-1">
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      {subtitle && <p className="text-sm text-muted">{subtitle}</p>}
    </div>
  );
}
