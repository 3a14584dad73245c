import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VideoCompare } from './VideoCompare';

describe('VideoCompare', () => {
  // jsdom has no object URLs; these record what the screen creates and revokes.
  const { createObjectURL, revokeObjectURL } = URL;
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:video-1');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
  });

  it('refuses a file that is not a video with the spec message', async () => {
    const user = userEvent.setup({ applyAccept: false });
    render(<VideoCompare />);
    await user.upload(screen.getByLabelText('Left video file'), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please upload valid file');
    expect(screen.queryByTestId('compare-video-left')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Play both' })).toBeDisabled();
  });

  it('shows a picked video with its name and revokes its URL when it is replaced', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<VideoCompare />);
    await user.upload(screen.getByLabelText('Right video file'), new File(['v'], 'take-one.webm', { type: 'video/webm' }));
    expect(screen.getByTestId('compare-video-right')).toHaveAttribute('src', 'blob:video-1');
    expect(screen.getByText('take-one.webm')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.upload(screen.getByLabelText('Right video file'), new File(['w'], 'take-two.webm', { type: 'video/webm' }));
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:video-1');
    expect(screen.getByText('take-two.webm')).toBeInTheDocument();
    unmount();
    expect(URL.revokeObjectURL).toHaveBeenCalledTimes(2);
  });
});
