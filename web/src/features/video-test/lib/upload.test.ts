import { describe, expect, it } from 'vitest';
import { clampThreshold, uploadForm } from './upload';

describe('the presigned POST form', () => {
  it('holds every field, then the file last', () => {
    const form = uploadForm({ key: 'Temp/u/a.mp4', 'Content-Type': 'video/mp4', Policy: 'p', 'X-Amz-Signature': 's' }, new Blob(['x']), 'a.mp4');
    expect([...form.keys()]).toEqual(['key', 'Content-Type', 'Policy', 'X-Amz-Signature', 'file']);
    expect((form.get('file') as File).name).toBe('a.mp4');
  });
});

describe('the threshold slider', () => {
  it('keeps a value within 0 to 5 in steps of 0.1, 0.9 for an unreadable one', () => {
    expect(clampThreshold(7)).toBe(5);
    expect(clampThreshold(-1)).toBe(0);
    expect(clampThreshold(1.26)).toBe(1.3);
    expect(clampThreshold(Number.NaN)).toBe(0.9);
  });
});
