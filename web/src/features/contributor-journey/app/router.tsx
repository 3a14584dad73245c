import { createContext, useContext, useEffect, useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react';
import { matchContributorPath } from '@/config/entry';

export { matchContributorPath };

/**
 * The contributor pages' router: five paths over the History API, in a few hundred bytes instead of
 * a routing library. A path outside them is opened with a full page load (the staff app's entry).
 */

type Location = { pathname: string; search: string; state: unknown };

const listeners = new Set<() => void>();
let current: Location | null = null;

function readLocation(): Location {
  const { pathname, search } = window.location;
  const state: unknown = window.history.state;
  if (!current || current.pathname !== pathname || current.search !== search || current.state !== state) {
    current = { pathname, search, state };
  }
  return current;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

export type NavigateOptions = { replace?: boolean; state?: unknown };

/** Goes to `to`: in this app for a contributor path, else a full page load. */
export function navigate(to: string, options: NavigateOptions = {}): void {
  const url = new URL(to, window.location.href);
  if (url.origin !== window.location.origin || !matchContributorPath(url.pathname)) {
    if (options.replace) window.location.replace(url.href);
    else window.location.assign(url.href);
    return;
  }
  const target = `${url.pathname}${url.search}${url.hash}`;
  if (options.replace) window.history.replaceState(options.state ?? null, '', target);
  else window.history.pushState(options.state ?? null, '', target);
  window.scrollTo(0, 0);
  for (const listener of listeners) listener();
}

export function useLocation(): Location {
  return useSyncExternalStore(subscribe, readLocation);
}

export function useNavigate(): typeof navigate {
  return navigate;
}

export function useSearchParams(): [URLSearchParams] {
  const { search } = useLocation();
  return [new URLSearchParams(search)];
}

const ParamsContext = createContext<Record<string, string>>({});

export function useParams(): Record<string, string | undefined> {
  return useContext(ParamsContext);
}

export function ParamsProvider({ params, children }: { params: Record<string, string>; children: ReactNode }) {
  return <ParamsContext.Provider value={params}>{children}</ParamsContext.Provider>;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string; replace?: boolean };

/** An anchor that changes the page without reloading it (modifier clicks open a tab as usual). */
export function Link({ to, replace, onClick, children, ...rest }: LinkProps) {
  function handle(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (rest.target && rest.target !== '_self') return;
    event.preventDefault();
    navigate(to, { replace });
  }
  return (
    <a href={to} onClick={handle} {...rest}>
      {children}
    </a>
  );
}

/** Redirects once rendered. */
export function Navigate({ to, replace, state }: { to: string; replace?: boolean; state?: unknown }) {
  // Once, as react-router's <Navigate>: the target is fixed when the redirect is decided.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => navigate(to, { replace, state }), []);
  return null;
}
