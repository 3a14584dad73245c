import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toast, toastDuration } from '@/stores/toast-store';
import { Toaster } from './Toaster';

describe('toast durations (spec section 9)', () => {
  it('are 4 s for success and 3.5 s otherwise', () => {
    expect(toastDuration('success')).toBe(4000);
    expect(toastDuration('error')).toBe(3500);
    expect(toastDuration('info')).toBe(3500);
  });

  it('closes a success toast after 4 s', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => void toast.success('Profile updated successfully'));
    expect(screen.getByText('Profile updated successfully')).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(3999));
    expect(screen.queryByText('Profile updated successfully')).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.queryByText('Profile updated successfully')).not.toBeInTheDocument();
  });

  it('closes an error toast after 3.5 s', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => void toast.error('Something went wrong'));
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong');
    act(() => void vi.advanceTimersByTime(3499));
    expect(screen.queryByText('Something went wrong')).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
  });

  it('closes the character-limit toast after 1 s', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => void toast.characterLimit());
    expect(screen.getByText('Maximum character limit reached')).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(1000));
    expect(screen.queryByText('Maximum character limit reached')).not.toBeInTheDocument();
  });
});
