import { useEffect } from 'react';
import { useToastStore, type Toast, type ToastKind } from '@/stores/toast-store';
import { cn } from '@/utils/cn';

const styles: Record<ToastKind, string> = {
  success: 'border-success/40 bg-success-soft text-fg',
  error: 'border-danger/40 bg-danger-soft text-fg',
  info: 'border-line bg-raised text-fg',
  warning: 'border-warning/40 bg-raised text-fg',
};

const marks: Record<ToastKind, string> = {
  success: 'bg-success',
  error: 'bg-danger',
  info: 'bg-info',
  warning: 'bg-warning',
};

function ToastItem({ toast, dismissLabel }: { toast: Toast; dismissLabel: string }) {
  const dismiss = useToastStore((s) => s.dismiss);

  useEffect(() => {
    const timer = setTimeout(() => dismiss(toast.id), toast.duration);
    return () => clearTimeout(timer);
  }, [toast.id, toast.duration, dismiss]);

  return (
    <div
      data-toast={toast.kind}
      className={cn(
        'pointer-events-auto flex w-full items-start gap-3 rounded-lg border px-4 py-3 text-sm shadow-lg',
        'animate-[sh-toast-in_160ms_ease-out]',
        styles[toast.kind],
      )}
    >
      <span aria-hidden className={cn('mt-1.5 h-2 w-2 shrink-0 rounded-full', marks[toast.kind])} />
      <p className="flex-1 wrap-anywhere">{toast.message}</p>
      <button
        type="button"
        onClick={() => dismiss(toast.id)}
        className="-my-1 rounded px-1 text-muted hover:text-fg"
        aria-label={dismissLabel}
      >
        ×
      </button>
    </div>
  );
}

/**
 * Renders the toasts of the toast store; each closes by itself after its duration.
 * Screen readers hear each toast once: the stack is the one polite live region, announcing the toasts
 * added to it (not those that go, nor the ones already there when another comes); the toasts are no
 * live regions themselves (a region inside a region is announced twice).
 */
/** `dismissLabel`: the close button's name in the page's language (the collaborator pages translate it). */
export function Toaster({ dismissLabel = 'Dismiss notification' }: { dismissLabel?: string }) {
  const toasts = useToastStore((s) => s.toasts);
  return (
    <div
      aria-live="polite"
      aria-relevant="additions"
      aria-atomic="false"
      data-testid="toasts"
      className="pointer-events-none fixed inset-x-0 top-4 z-50 mx-auto flex w-[min(26rem,calc(100%-2rem))] flex-col gap-2"
    >
      {toasts.map((t) => (
        <ToastItem key={t.id} toast={t} dismissLabel={dismissLabel} />
      ))}
    </div>
  );
}
