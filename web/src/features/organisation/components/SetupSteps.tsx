import { cn } from '@/utils/cn';

/** The two steps of the first set-up. */
export function SetupSteps({ current }: { current: 1 | 2 }) {
  const steps = ['Your profile', 'Your company'];
  return (
    <ol className="flex gap-4 text-sm" aria-label="Set-up steps">
      {steps.map((label, i) => (
        <li key={label} aria-current={current === i + 1 ? 'step' : undefined} className={cn('flex items-center gap-2', current === i + 1 ? 'font-semibold text-fg' : 'text-muted')}>
          <span className={cn('flex h-6 w-6 items-center justify-center rounded-full text-xs', current === i + 1 ? 'bg-primary text-primary-fg' : 'bg-sunken')}>
            {i + 1}
          </span>
          {label}
        </li>
      ))}
    </ol>
  );
}
