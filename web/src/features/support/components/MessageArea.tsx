import { forwardRef, useId, type TextareaHTMLAttributes } from 'react';
import { cn } from '@/utils/cn';

type Props = TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string };

/** A labelled multi-line message field with its error, like the other fields. */
export const MessageArea = forwardRef<HTMLTextAreaElement, Props>(function MessageArea(
  { label, error, id, className, rows = 6, ...rest },
  ref,
) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <div className="space-y-1.5">
      <label htmlFor={fieldId} className="block text-sm font-medium text-fg">
        {label}
      </label>
      <textarea
        ref={ref}
        id={fieldId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fieldId}-error` : undefined}
        className={cn(
          'block w-full rounded-lg border bg-raised px-3 py-2 text-sm text-fg placeholder:text-muted focus:outline-2 focus:outline-offset-1 focus:outline-ring',
          error ? 'border-danger' : 'border-line',
          className,
        )}
        {...rest}
      />
      {error && (
        <p id={`${fieldId}-error`} role="alert" className="text-xs font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
});
