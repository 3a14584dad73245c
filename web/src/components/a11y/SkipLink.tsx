import type { MouseEvent } from 'react';

/** The id of every layout's <main>: the skip link's target. */
export const MAIN_ID = 'main';

/** Focuses the main content (it has tabIndex -1) without touching the address: routers own it. */
export function focusMain(event?: MouseEvent) {
  const main = document.getElementById(MAIN_ID);
  if (!main) return;
  event?.preventDefault();
  main.focus();
  main.scrollIntoView?.({ block: 'start' });
}

/** The first stop of the Tab order in each layout: hidden until focused, it skips the header and navigation. */
export function SkipLink({ label = 'Skip to main content' }: { label?: string }) {
  return (
    <a
      href={`#${MAIN_ID}`}
      onClick={focusMain}
      className="sr-only z-50 rounded-lg bg-primary px-4 py-2 text-sm font-semibold text-primary-fg focus:not-sr-only focus:fixed focus:start-3 focus:top-3 focus:outline-2 focus:outline-offset-2 focus:outline-ring"
    >
      {label}
    </a>
  );
}
