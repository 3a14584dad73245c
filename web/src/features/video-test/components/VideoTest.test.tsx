import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/testing/fixtures';
import { VideoTest } from './VideoTest';

describe('/videotest', () => {
  it("says 'Please select a file' without a file, and 'Error uploading video' when the clip-cut URLs are refused", async () => {
    const fetch = vi.fn(async () => jsonResponse({ detail: 'Too many requests' }, 429));
    vi.stubGlobal('fetch', fetch);
    render(<VideoTest />);
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Upload' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please select a file');
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Process video' })).toBeDisabled();
    const slider = screen.getByRole('slider', { name: /Pause threshold/ });
    expect(slider).toHaveAttribute('min', '0');
    expect(slider).toHaveAttribute('max', '5');
    expect(slider).toHaveAttribute('step', '0.1');
    expect(slider).toHaveValue('0.9');

    await u.upload(screen.getByLabelText('Video file'), new File(['x'], 'take.mp4', { type: 'video/mp4' }));
    await u.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Error uploading video'));
    const req = (fetch.mock.calls[0] as unknown as [Request])[0];
    expect(new URL(req.url).pathname).toBe('/api/guideline/givemethegetandpost');
    expect(req.headers.has('Authorization')).toBe(false);
    expect(await req.json()).toEqual({ fileName: 'take.mp4', contentType: 'video/mp4', size: 1 });
  });
});
