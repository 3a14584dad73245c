import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

type DialogProps = {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
};

const TABBABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'video[controls]',
  'audio[controls]',
  '[contenteditable="true"]',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** The elements Tab stops on inside `root`, in order (those not rendered are left out where the browser can tell). */
export function tabbables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(TABBABLE)).filter(
    (el) => el.tabIndex >= 0 && (typeof el.checkVisibility !== 'function' || el.checkVisibility()),
  );
}

/**
 * A modal dialog on the native <dialog> element: showModal() makes the rest of the page inert and
 * focuses the first control; Escape closes. Tab and Shift+Tab wrap around inside the dialog (the
 * browser would let them reach its own toolbar), and closing gives the focus back to the element
 * that had it when the dialog opened.
 */
export function Dialog({ open, title, onClose, children, footer }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const returnFocusTo = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else {
        // Without showModal (older browsers, jsdom): open it and focus its first control ourselves.
        dialog.setAttribute('open', '');
        (tabbables(dialog)[0] ?? dialog).focus();
      }
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
      restoreFocus(returnFocusTo);
    }
  }, [open]);

  // Unmounted while open (e.g. its screen was left): the focus goes back all the same. Preact (the
  // build's React) runs this before the element leaves the page, where a modal dialog still open
  // would keep the focus from reaching the page behind it: it is closed first.
  useEffect(() => {
    const dialog = ref.current;
    return () => {
      if (dialog?.open) {
        if (typeof dialog.close === 'function') dialog.close();
        else dialog.removeAttribute('open');
      }
      restoreFocus(returnFocusTo);
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab' || !ref.current) return;
    const list = tabbables(ref.current);
    if (list.length === 0) {
      event.preventDefault();
      return;
    }
    const first = list[0]!;
    const last = list[list.length - 1]!;
    const active = document.activeElement;
    const inside = active instanceof Node && ref.current.contains(active);
    if (event.shiftKey && (active === first || !inside)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !inside)) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={onKeyDown}
      className="m-auto w-[min(32rem,calc(100%-2rem))] rounded-xl border border-line bg-raised p-0 text-fg shadow-xl backdrop:bg-black/50"
    >
      {open && (
        <div className="space-y-4 p-6">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          <div className="space-y-3 text-sm">{children}</div>
          {footer && <div className="flex flex-wrap justify-end gap-2 pt-2">{footer}</div>}
        </div>
      )}
    </dialog>
  );
}

function restoreFocus(target: { current: HTMLElement | null }) {
  const element = target.current;
  target.current = null;
  if (element && element.isConnected && element !== document.body) element.focus();
}
