import { cn } from '@/utils/cn';

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" aria-label={label} className={cn('inline-block', className)}>
      <span className="block h-full w-full animate-spin rounded-full border-2 border-current border-t-transparent" />
    </span>
  );
}
