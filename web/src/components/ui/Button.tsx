import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { cn } from '@/utils/cn';
import { Spinner } from './Spinner';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'danger-outline';
type Size = 'sm' | 'md' | 'lg';

const variants: Record<Variant, string> = {
  primary: 'bg-primary text-primary-fg hover:bg-primary-hover',
  secondary: 'border border-line bg-raised text-fg hover:bg-sunken',
  ghost: 'text-fg hover:bg-sunken',
  danger: 'bg-danger text-white hover:bg-danger-hover dark:text-surface',
  // A destructive action that only opens its confirmation: marked as such, quieter than the confirm itself.
  'danger-outline': 'border border-danger/50 bg-raised text-danger hover:bg-danger-soft',
};

const sizes: Record<Size, string> = {
  sm: 'min-h-8 px-3 text-sm',
  md: 'min-h-10 px-4 text-sm',
  lg: 'min-h-12 px-6 text-base',
};

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: Variant;
  size?: Size;
  loading?: boolean;
  /** The busy spinner's name (pages in another language pass theirs). */
  loadingLabel?: string;
  fullWidth?: boolean;
};

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', size = 'md', loading = false, loadingLabel = 'Please wait', fullWidth = false, className, disabled, children, type = 'button', ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={cn(
        // A label breaks between its words only (never "Previ ous"), so a button squeezed by its row
        // keeps its words whole and grows a line rather than spilling out of a fixed height.
        'inline-flex items-center justify-center gap-2 rounded-lg text-center font-medium wrap-normal transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        'disabled:cursor-not-allowed disabled:opacity-50',
        variants[variant],
        sizes[size],
        fullWidth && 'w-full',
        className,
      )}
      {...rest}
    >
      {loading && <Spinner className="h-4 w-4" label={loadingLabel} />}
      {children}
    </button>
  );
});
