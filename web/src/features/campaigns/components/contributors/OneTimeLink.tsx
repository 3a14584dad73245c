import { useId } from 'react';
import { Button } from '@/components/ui/Button';
import { absoluteLink, copyInviteLink } from '../../api/contributors';

/**
 * A freshly made invitation link with a "Copy link" button. The server keeps only a hash of a link's
 * key, so this is the one place the link can be seen: it is gone once this is dismissed.
 */
export function OneTimeLink({ link, label, onDone }: { link: string; label: string; onDone?: () => void }) {
  const id = useId();
  const href = absoluteLink(link);
  return (
    <div data-testid="one-time-link" className="space-y-2">
      <label htmlFor={id} className="block text-xs font-medium text-muted">
        {label}
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <input
          id={id}
          readOnly
          value={href}
          onFocus={(e) => e.currentTarget.select()}
          className="h-8 min-w-0 flex-1 rounded-md border border-line bg-raised px-2 font-mono text-xs text-fg"
        />
        <Button size="sm" onClick={() => void copyInviteLink(link)}>
          Copy link
        </Button>
        {onDone && (
          <Button size="sm" variant="ghost" onClick={onDone}>
            Done
          </Button>
        )}
      </div>
    </div>
  );
}
