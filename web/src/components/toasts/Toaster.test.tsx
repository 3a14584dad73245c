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
    expect(screen.getByText('Something went wrong')).toBeInTheDocument();
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

describe('toast announcements', () => {
  const liveRegions = (root: HTMLElement) => root.querySelectorAll('[aria-live], [role="alert"], [role="status"], [role="log"]');

  it('go through one polite live region that announces additions only', () => {
    const { container } = render(<Toaster />);
    act(() => void toast.error('Something went wrong'));
    act(() => void toast.success('Profile updated successfully'));
    // One live region in all: no toast is a region of its own (errors included), which would be announced twice.
    const regions = liveRegions(container);
    expect(regions).toHaveLength(1);
    const region = regions[0]!;
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toHaveAttribute('aria-relevant', 'additions');
    expect(region).toHaveAttribute('aria-atomic', 'false');
    expect(region.children).toHaveLength(2);
    expect(region).toHaveTextContent('Something went wrong');
    expect(region).toHaveTextContent('Profile updated successfully');
  });

  it('adds a toast without touching those already announced, and removes a closing one silently', () => {
    vi.useFakeTimers();
    const { container } = render(<Toaster />);
    act(() => void toast.success('Profile updated successfully'));
    const region = liveRegions(container)[0]!;
    const first = region.firstElementChild;
    act(() => void toast.info('Link copied to clipboard!'));
    expect(Array.from(region.children, (el) => el.querySelector('p')?.textContent)).toEqual([
      'Profile updated successfully',
      'Link copied to clipboard!',
    ]);
    // The same node, unchanged: a screen reader does not read it again.
    expect(region.firstElementChild).toBe(first);
    act(() => void vi.advanceTimersByTime(3500));
    expect(Array.from(region.children, (el) => el.querySelector('p')?.textContent)).toEqual(['Profile updated successfully']);
    expect(region.firstElementChild).toBe(first);
  });

  it('is there before any toast, so that the first one is announced too', () => {
    const { container } = render(<Toaster />);
    expect(liveRegions(container)).toHaveLength(1);
  });
});
