import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { MAIN_ID } from '@/components/a11y/SkipLink';
import { Logo } from '@/components/Logo';
import { Button } from '@/components/ui/Button';
import { readJob, requestClipCutUrls, startProcessing, type ProcessJob } from '../api/video-test-api';
import { clampThreshold, POLL_MS, postForm, THRESHOLD, uploadForm, VIDEO_TEST_MESSAGES } from '../lib/upload';

/** `processed`: its one job has started (an upload is processed once; another threshold uploads the file again). */
type Uploaded = { key: string; getUrl: string; fileName: string; file: File; processed: boolean };

/**
 * /videotest (all visitors): upload a video to the temporary area through the clip-cut URLs, then cut
 * every pause longer than the threshold and play the result with the time the processing took.
 */
export function VideoTest() {
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploaded, setUploaded] = useState<Uploaded | null>(null);
  const [threshold, setThreshold] = useState<number>(THRESHOLD.default);
  const [job, setJob] = useState<ProcessJob | null>(null);
  const [processing, setProcessing] = useState(false);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  const upload = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!file) {
      setError(VIDEO_TEST_MESSAGES.noFile);
      return;
    }
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setUploaded(null);
    setJob(null);
    setProgress(0);
    try {
      const urls = await requestClipCutUrls(file);
      await postForm(urls.post.url, uploadForm(urls.post.fields, file, file.name), setProgress, controller.signal);
      setUploaded({ key: urls.key, getUrl: urls.getUrl, fileName: file.name, file, processed: false });
    } catch {
      if (!controller.signal.aborted) setError(VIDEO_TEST_MESSAGES.uploadFailed);
    } finally {
      setProgress(null);
    }
  };

  const process = async () => {
    if (!uploaded) return;
    setError(null);
    setJob(null);
    setProcessing(true);
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    try {
      let target = uploaded;
      if (target.processed) {
        // The server processes each upload once: a new threshold needs a fresh upload of the same file.
        const source = target.file;
        const urls = await requestClipCutUrls(source);
        await postForm(urls.post.url, uploadForm(urls.post.fields, source, source.name), () => {}, controller.signal);
        target = { ...target, key: urls.key, getUrl: urls.getUrl, processed: false };
      }
      target = { ...target, processed: true };
      setUploaded(target);
      const started = await startProcessing(target.key, threshold);
      let current = await readJob(started.jobId, controller.signal);
      while (current.status === 'processing') {
        await new Promise((r) => setTimeout(r, POLL_MS));
        if (controller.signal.aborted) return;
        current = await readJob(started.jobId, controller.signal);
      }
      setJob(current);
      if (current.status === 'failed') setError(VIDEO_TEST_MESSAGES.processFailed);
    } catch {
      if (!controller.signal.aborted) setError(VIDEO_TEST_MESSAGES.processFailed);
    } finally {
      setProcessing(false);
    }
  };

  return (
    <main id={MAIN_ID} tabIndex={-1} className="mx-auto max-w-3xl space-y-6 px-4 py-8 outline-none">
      <header className="flex items-center gap-3">
        <Logo className="h-8" />
        <h1 className="text-2xl font-semibold tracking-tight">Video test</h1>
      </header>
      <p className="text-sm text-muted">Upload a video, then cut every pause longer than the threshold and compare.</p>

      <form onSubmit={(e) => void upload(e)} className="space-y-3 rounded-xl border border-line bg-raised p-5" noValidate>
        <h2 className="text-lg font-semibold">1. Upload a video</h2>
        <label htmlFor={fileId} className="block text-sm font-medium">
          Video file
        </label>
        <input
          id={fileId}
          type="file"
          accept="video/*"
          data-testid="video-test-file"
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setError(null);
          }}
          className="block text-sm"
        />
        <div className="flex items-center gap-3">
          <Button type="submit" loading={progress !== null}>
            Upload
          </Button>
          {progress !== null && (
            <progress aria-label="Upload progress" max={1} value={progress} className="w-48" />
          )}
          {uploaded && (
            <span role="status" className="text-sm text-success">
              Uploaded {uploaded.fileName}
            </span>
          )}
        </div>
      </form>

      <section aria-labelledby="video-test-process" className="space-y-3 rounded-xl border border-line bg-raised p-5">
        <h2 id="video-test-process" className="text-lg font-semibold">
          2. Process
        </h2>
        <label className="block text-sm font-medium" htmlFor="video-test-threshold">
          Pause threshold: <output htmlFor="video-test-threshold">{threshold.toFixed(1)}</output> s
        </label>
        <input
          id="video-test-threshold"
          type="range"
          min={THRESHOLD.min}
          max={THRESHOLD.max}
          step={THRESHOLD.step}
          value={threshold}
          aria-valuetext={`${threshold.toFixed(1)} seconds`}
          onChange={(e) => setThreshold(clampThreshold(Number(e.target.value)))}
          className="w-full"
        />
        <Button onClick={() => void process()} disabled={!uploaded} loading={processing}>
          Process video
        </Button>
        {processing && (
          <p role="status" className="text-sm text-muted">
            Processing…
          </p>
        )}
      </section>

      {error && (
        <p role="alert" className="rounded-lg bg-danger-soft p-3 text-sm font-medium text-danger">
          {error}
        </p>
      )}

      {job?.status === 'ready' && job.url && (
        <section aria-labelledby="video-test-result" className="space-y-3 rounded-xl border border-line bg-raised p-5">
          <h2 id="video-test-result" className="text-lg font-semibold">
            Result
          </h2>
          <dl className="grid grid-cols-2 gap-2 text-sm">
            <dt className="text-muted">time_taken</dt>
            <dd data-testid="time-taken">{job.time_taken != null ? `${job.time_taken.toFixed(2)} s` : '—'}</dd>
            {job.originalDurationSeconds != null && (
              <>
                <dt className="text-muted">Original length</dt>
                <dd>{job.originalDurationSeconds.toFixed(2)} s</dd>
              </>
            )}
            {job.processedDurationSeconds != null && (
              <>
                <dt className="text-muted">Processed length</dt>
                <dd data-testid="processed-duration">{job.processedDurationSeconds.toFixed(2)} s</dd>
              </>
            )}
          </dl>
          <video controls src={job.url} data-testid="processed-video" aria-label="Processed video" className="max-h-96 w-full rounded-md bg-black" />
        </section>
      )}
    </main>
  );
}
