import { act, fireEvent, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { settingsFrom } from './teleprompter-config';
import { TeleprompterControls } from './TeleprompterControls';
import { useTeleprompterSettings } from './use-teleprompter-settings';
import type { VideoConfig } from '../types';

function Harness({ device = 'Desktop' as const, onSave = vi.fn(), onPost = vi.fn(), config = null as VideoConfig | null }) {
  const { settings, update } = useTeleprompterSettings(settingsFrom(config, device), onSave, onPost);
  return <TeleprompterControls settings={settings} onChange={update} />;
}

describe('teleprompter settings', () => {
  it('uses the spec defaults: speed 20, contrast 50, font 40 (24 on mobile)', () => {
    expect(settingsFrom(null, 'Desktop')).toEqual({ speed: 20, contrast: 50, fontSize: 40 });
    expect(settingsFrom(null, 'Tablet')).toEqual({ speed: 20, contrast: 50, fontSize: 40 });
    expect(settingsFrom(null, 'Mobile')).toEqual({ speed: 20, contrast: 50, fontSize: 24 });
    expect(settingsFrom({ speed: 20, contrast: 50, fontSize: null }, 'Mobile').fontSize).toBe(24);
  });

  it('keeps stored values inside the ranges, font on steps of 2', () => {
    expect(settingsFrom({ speed: 0, contrast: 120, fontSize: 65 }, 'Desktop')).toEqual({ speed: 1, contrast: 100, fontSize: 64 });
    expect(settingsFrom({ speed: 150, contrast: -3, fontSize: 13 }, 'Desktop')).toEqual({ speed: 100, contrast: 0, fontSize: 14 });
  });
});

describe('TeleprompterControls', () => {
  it('offers speed 1..100, contrast 0..100 and font size 12..64 in steps of 2', () => {
    render(<Harness />);
    const speed = screen.getByRole('slider', { name: 'Teleprompter speed' });
    expect(speed).toHaveAttribute('min', '1');
    expect(speed).toHaveAttribute('max', '100');
    expect(speed).toHaveValue('20');
    const contrast = screen.getByRole('slider', { name: 'Teleprompter contrast' });
    expect(contrast).toHaveAttribute('min', '0');
    expect(contrast).toHaveAttribute('max', '100');
    expect(contrast).toHaveValue('50');
    const font = screen.getByRole('slider', { name: 'Font size' });
    expect(font).toHaveAttribute('min', '12');
    expect(font).toHaveAttribute('max', '64');
    expect(font).toHaveAttribute('step', '2');
    expect(font).toHaveValue('40');
  });

  it('steps the font by 2 and stops at the limits', () => {
    render(<Harness config={{ speed: 20, contrast: 50, fontSize: 62 }} />);
    const larger = screen.getByRole('button', { name: 'Larger text' });
    fireEvent.click(larger);
    expect(screen.getByRole('slider', { name: 'Font size' })).toHaveValue('64');
    expect(larger).toBeDisabled();
    const smaller = screen.getByRole('button', { name: 'Smaller text' });
    fireEvent.click(smaller);
    fireEvent.click(smaller);
    expect(screen.getByRole('slider', { name: 'Font size' })).toHaveValue('60');
  });

  it('starts at font 12 with "smaller" disabled at the minimum', () => {
    render(<Harness config={{ speed: 20, contrast: 50, fontSize: 12 }} />);
    expect(screen.getByRole('button', { name: 'Smaller text' })).toBeDisabled();
  });
});

describe('debounced saves', () => {
  it('saves 500 ms after the last change and posts the video config after 1 s, once, with the last values', () => {
    vi.useFakeTimers();
    const onSave = vi.fn();
    const onPost = vi.fn();
    render(<Harness onSave={onSave} onPost={onPost} />);
    const speed = screen.getByRole('slider', { name: 'Teleprompter speed' });
    fireEvent.change(speed, { target: { value: '30' } });
    act(() => vi.advanceTimersByTime(300));
    fireEvent.change(speed, { target: { value: '45' } });
    fireEvent.change(screen.getByRole('slider', { name: 'Teleprompter contrast' }), { target: { value: '80' } });
    act(() => vi.advanceTimersByTime(499));
    expect(onSave).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave).toHaveBeenLastCalledWith({ speed: 45, contrast: 80, fontSize: 40 });
    expect(onPost).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(500));
    expect(onPost).toHaveBeenCalledTimes(1);
    expect(onPost).toHaveBeenLastCalledWith({ speed: 45, contrast: 80, fontSize: 40 });
    act(() => vi.advanceTimersByTime(5000));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onPost).toHaveBeenCalledTimes(1);
  });

  it('saves and posts each change once in StrictMode, which runs renders and state updates twice', () => {
    vi.useFakeTimers();
    const onSave = vi.fn();
    const onPost = vi.fn();
    render(
      <StrictMode>
        <Harness onSave={onSave} onPost={onPost} />
      </StrictMode>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Larger text' }));
    expect(screen.getByRole('slider', { name: 'Font size' })).toHaveValue('42');
    act(() => vi.advanceTimersByTime(1000));
    expect(onSave.mock.calls).toEqual([[{ speed: 20, contrast: 50, fontSize: 42 }]]);
    expect(onPost.mock.calls).toEqual([[{ speed: 20, contrast: 50, fontSize: 42 }]]);
    fireEvent.change(screen.getByRole('slider', { name: 'Teleprompter speed' }), { target: { value: '70' } });
    act(() => vi.advanceTimersByTime(1000));
    expect(onSave).toHaveBeenCalledTimes(2);
    expect(onPost.mock.calls.at(-1)).toEqual([{ speed: 70, contrast: 50, fontSize: 42 }]);
  });
});
