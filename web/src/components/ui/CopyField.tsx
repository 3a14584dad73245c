import { useId } from 'react';
import { Button } from '@/components/ui/Button';
import { toast } from '@/stores/toast-store';

export const COPY_MESSAGES = {
  copied: (what: string) => `${what} copied to clipboard!`,
  failed: 'It could not be copied. Please select it and copy it by hand.',
} as const;

/** Copies `text`, saying so; false when the browser refuses (the text stays shown to copy by hand). */
export async function copyText(text: string, what: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(COPY_MESSAGES.copied(what));
    return true;
  } catch {
    toast.error(COPY_MESSAGES.failed);
    return false;
  }
}

/**
 * A snippet or link shown read-only (selectable, wraps on a phone) with its copy button. `what` names
 * it in the button ("Copy share link") and in the toast.
 */
export function CopyField({ label, value, what, multiline = false }: { label: string; value: string; what: string; multiline?: boolean }) {
  const id = useId();
  const field =
    'block w-full rounded-lg border border-line bg-sunken px-3 py-2 font-mono text-xs text-fg focus:outline-2 focus:outline-ring';
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        {multiline ? (
          <textarea id={id} readOnly rows={3} value={value} className={field} onFocus={(e) => e.currentTarget.select()} />
        ) : (
          <input id={id} readOnly value={value} className={`${field} min-h-11`} onFocus={(e) => e.currentTarget.select()} />
        )}
        <Button variant="secondary" className="min-h-11 shrink-0" onClick={() => void copyText(value, what)}>
          Copy {what.toLowerCase()}
        </Button>
      </div>
    </div>
  );
}
