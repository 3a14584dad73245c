import { Logo } from './Logo';
import { Spinner } from './ui/Spinner';

/** Shown while the app starts (profile loading): the logo for the theme and a spinner. */
export function FullScreenLoader() {
  return (
    <div data-testid="full-screen-loader" className="fixed inset-0 z-40 flex flex-col items-center justify-center gap-6 bg-surface">
      <Logo className="h-12" />
      <Spinner className="h-8 w-8 text-primary" label="Loading Storyhive" />
    </div>
  );
}
