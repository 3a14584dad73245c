import { forwardRef, type InputHTMLAttributes } from 'react';
import { cn } from '@/utils/cn';

/**
 * A checkbox in the product's colour with a 44x44 px hit area (WCAG 2.5.5): the box is 20 px and the
 * area around it reaches 12 px further on each side without taking room in the layout. Place it
 * inside the checkbox's <label>, which turns a tap on that area into a tap on the box.
 */
export const Checkbox = forwardRef<HTMLInputElement, Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>>(function Checkbox(
  { className, ...rest },
  ref,
) {
  return (
    <span className="-m-3 inline-flex size-11 shrink-0 items-center justify-center">
      <input ref={ref} type="checkbox" className={cn('size-5 accent-primary', className)} {...rest} />
    </span>
  );
});
