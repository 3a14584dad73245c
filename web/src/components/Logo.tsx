import logoDark from '@/assets/logo-dark.svg';
import logoLight from '@/assets/logo-light.svg';
import { useThemeStore } from '@/stores/theme-store';
import { cn } from '@/utils/cn';

/** The Storyhive logo in the variant for the current theme. */
export function Logo({ className }: { className?: string }) {
  const theme = useThemeStore((s) => s.theme);
  return (
    <img
      src={theme === 'dark' ? logoDark : logoLight}
      alt="Storyhive"
      data-theme-variant={theme}
      className={cn('h-9 w-auto', className)}
    />
  );
}
