import { useEffect, useRef, useState } from 'react';
import { MAIN_ID } from './SkipLink';

const APP_NAME = 'Storyhive';
/** How long a screen that loads its data may take to show its heading. */
const HEADING_WAIT_MS = 10_000;

/** The page heading: the main content's first h1 (else any h1). */
function pageHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>(`#${MAIN_ID} h1`) ?? document.querySelector<HTMLElement>('h1');
}

function headingText(heading: HTMLElement): string {
  return (heading.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * Focus and announcement on a route change (single-page apps give screen readers no page load):
 * once the new screen shows its h1, the document title follows it, the h1 receives the focus (unless
 * the user or the screen has moved the focus meanwhile) and its text is announced in a polite live
 * region. The first screen after a page load keeps the browser's own behaviour (title only).
 */
export function RouteAnnouncer({ pathname }: { pathname: string }) {
  const [message, setMessage] = useState('');
  const first = useRef(true);
  // What had the focus when the route changed, read while rendering: before the new screen is
  // committed and can focus a field of its own (autoFocus), which it then keeps.
  const before = useRef<{ pathname: string; focused: Element | null }>({ pathname, focused: null });
  if (before.current.pathname !== pathname) before.current = { pathname, focused: document.activeElement };

  useEffect(() => {
    const isFirst = first.current;
    first.current = false;
    const focusedAtStart = before.current.focused;
    let done = false;

    const apply = (heading: HTMLElement) => {
      done = true;
      const text = headingText(heading);
      if (text) document.title = `${text} · ${APP_NAME}`;
      if (isFirst) return;
      const active = document.activeElement;
      const untouched = !active || active === document.body || active === focusedAtStart || !active.isConnected;
      if (untouched) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: false });
      }
      // Cleared first, so that the same title twice in a row is announced again.
      setMessage('');
      requestAnimationFrame(() => setMessage(text));
    };

    const found = pageHeading();
    if (found) {
      apply(found);
      return;
    }
    const observer = new MutationObserver(() => {
      const heading = pageHeading();
      if (heading && !done) {
        observer.disconnect();
        apply(heading);
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const timer = setTimeout(() => observer.disconnect(), HEADING_WAIT_MS);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [pathname]);

  return (
    <div className="sr-only" role="status" aria-live="polite" aria-atomic="true" data-testid="route-announcer">
      {message}
    </div>
  );
}
