import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmButton } from './ConfirmButton';

describe('ConfirmButton', () => {
  it('is disabled for 5 s after a click', () => {
    vi.useFakeTimers();
    const onClick = vi.fn();
    render(<ConfirmButton onClick={onClick}>Confirm</ConfirmButton>);
    const button = screen.getByRole('button', { name: 'Confirm' });
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(button).toBeDisabled();
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    act(() => void vi.advanceTimersByTime(4999));
    expect(button).toBeDisabled();
    act(() => void vi.advanceTimersByTime(1));
    expect(button).toBeEnabled();
  });
});
