/** The presigned POST's form: every policy field first, then the file last (S3 ignores fields after it). */
export function uploadForm(fields: Record<string, string>, file: Blob, fileName = 'video'): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file, fileName);
  return form;
}

/**
 * Sends the form to the presigned POST URL, reporting progress (0..1). Resolves on a 2xx answer;
 * rejects otherwise (the storage refused the policy, or the network failed).
 */
export function postForm(url: string, form: FormData, onProgress?: (fraction: number) => void, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && onProgress) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new Error(`upload answered ${xhr.status}`)));
    xhr.onerror = () => reject(new Error('upload failed'));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/** The threshold slider (spec section 2): 0 to 5 seconds, step 0.1, default 0.9. */
export const THRESHOLD = { min: 0, max: 5, step: 0.1, default: 0.9 } as const;

/** Rounds a slider value to its step and range. */
export function clampThreshold(value: number): number {
  if (!Number.isFinite(value)) return THRESHOLD.default;
  return Math.round(Math.min(THRESHOLD.max, Math.max(THRESHOLD.min, value)) * 10) / 10;
}

/** Spec section 8, word for word. */
export const VIDEO_TEST_MESSAGES = {
  noFile: 'Please select a file',
  uploadFailed: 'Error uploading video',
  processFailed: 'Error processing video',
} as const;

/** How often the page asks for the job's state. */
export const POLL_MS = 1500;
