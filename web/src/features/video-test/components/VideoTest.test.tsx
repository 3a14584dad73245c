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

  it("says 'Error processing video' when the processing fails", async () => {
    // The presigned POST goes to storage through XMLHttpRequest: it accepts the file.
    class StorageUpload {
      upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
      status = 204;
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      onabort: (() => void) | null = null;
      open() {}
      abort() {}
      send() {
        queueMicrotask(() => this.onload?.());
      }
    }
    vi.stubGlobal('XMLHttpRequest', StorageUpload);
    const paths: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (req: Request) => {
        const path = new URL(req.url).pathname;
        paths.push(`${req.method} ${path}`);
        if (path.endsWith('/guideline/givemethegetandpost')) {
          return jsonResponse({ key: 'Temp/u1/take.mp4', getUrl: 'http://storage/get', expiresInSeconds: 900, post: { url: 'http://storage/post', fields: { key: 'Temp/u1/take.mp4' } } });
        }
        if (req.method === 'POST') return jsonResponse({ jobId: 'j1', status: 'processing' }, 202);
        return jsonResponse({ jobId: 'j1', status: 'failed', failureReason: 'No audio track' });
      }),
    );
    render(<VideoTest />);
    const u = userEvent.setup();
    await u.upload(screen.getByLabelText('Video file'), new File(['x'], 'take.mp4', { type: 'video/mp4' }));
    await u.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Process video' })).toBeEnabled());
    await u.click(screen.getByRole('button', { name: 'Process video' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Error processing video'));
    expect(paths).toEqual(['POST /api/guideline/givemethegetandpost', 'POST /api/videotest/process', 'GET /api/videotest/process/j1']);
    vi.unstubAllGlobals();
  });
  it('uploads the file again for a second processing: each upload is processed once', async () => {
    class StorageUpload {
      upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
      status = 204;
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      onabort: (() => void) | null = null;
      open() {}
      abort() {}
      send() {
        queueMicrotask(() => this.onload?.());
      }
    }
    vi.stubGlobal('XMLHttpRequest', StorageUpload);
    let uploads = 0;
    const processed: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (req: Request) => {
        const path = new URL(req.url).pathname;
        if (path.endsWith('/guideline/givemethegetandpost')) {
          uploads += 1;
          const key = `Temp/u${uploads}/take.mp4`;
          return jsonResponse({ key, getUrl: 'http://storage/get', expiresInSeconds: 3600, post: { url: 'http://storage/post', fields: { key } } });
        }
        if (req.method === 'POST') {
          const body = (await req.json()) as { key: string };
          processed.push(body.key);
          return jsonResponse({ jobId: `j${processed.length}`, status: 'processing' }, 202);
        }
        const jobId = path.split('/').pop();
        return jsonResponse({ jobId, status: 'ready', time_taken: 1.5, url: 'http://storage/result.mp4', processedDurationSeconds: 3 });
      }),
    );
    render(<VideoTest />);
    const u = userEvent.setup();
    await u.upload(screen.getByLabelText('Video file'), new File(['x'], 'take.mp4', { type: 'video/mp4' }));
    await u.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Process video' })).toBeEnabled());
    await u.click(screen.getByRole('button', { name: 'Process video' }));
    await waitFor(() => expect(screen.getByRole('region', { name: 'Result' })).toBeInTheDocument());
    await u.click(screen.getByRole('button', { name: 'Process video' }));
    await waitFor(() => expect(processed).toHaveLength(2));
    expect(processed).toEqual(['Temp/u1/take.mp4', 'Temp/u2/take.mp4']);
    expect(uploads).toBe(2);
    await waitFor(() => expect(screen.getByRole('region', { name: 'Result' })).toBeInTheDocument());
    vi.unstubAllGlobals();
  });
});
