import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { Button, type ButtonProps } from './Button';

/** Spec sections 4 and 9: a confirm button is disabled for 5 seconds after a click. */
export const CONFIRM_LOCK_MS = 5000;

/** A button that locks itself for CONFIRM_LOCK_MS after each click, so a confirmation cannot be sent twice. */
export function ConfirmButton({ onClick, disabled, ...rest }: ButtonProps) {
  const [locked, setLocked] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (locked) return;
    setLocked(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setLocked(false), CONFIRM_LOCK_MS);
    onClick?.(event);
  };

  return <Button {...rest} disabled={disabled || locked} data-locked={locked || undefined} onClick={handleClick} />;
}
