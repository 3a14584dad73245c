import type { JourneyQuestion } from '../types';
import type { QuestionUpload } from './upload-manager';

export type QuestionState = {
  kind: 'to-record' | 'sent-back' | 'recording' | 'waiting' | 'uploading' | 'retrying' | 'processing' | 'stored' | 'failed';
  label: string;
  /** 0..100 while uploading. */
  percent?: number;
};

/** What a question's row says: the take in this browser first, else the server's state. */
export function questionState(q: JourneyQuestion, local: QuestionUpload | undefined): QuestionState {
  if (local && local.phase !== 'stored') {
    const percent = Math.floor(Math.min(local.progress, 0.99) * 100);
    switch (local.phase) {
      case 'recording':
        return { kind: 'recording', label: 'Recording…' };
      case 'waiting':
        return { kind: 'waiting', label: 'Recorded, not sent yet' };
      case 'uploading':
        return { kind: 'uploading', label: `Uploading ${percent}%`, percent };
      case 'retrying':
        return { kind: 'retrying', label: `Connection lost: saved on this device, will resume (${percent}%)`, percent };
      case 'processing':
        return { kind: 'processing', label: 'Uploaded, being checked…', percent: 99 };
      case 'failed':
        return { kind: 'failed', label: local.error ?? 'Upload failed. Please record again.' };
    }
  }
  if (q.sentForReRecording && !(local?.phase === 'stored')) return { kind: 'sent-back', label: 'Sent back for re-recording' };
  if (local?.phase === 'stored' || q.uploadStatus === 'stored') return { kind: 'stored', label: 'Safely stored' };
  if (q.uploadStatus === 'uploading') return { kind: 'processing', label: 'Uploaded, being checked…' };
  if (q.uploadStatus === 'failed') return { kind: 'failed', label: q.failureReason ?? 'The video could not be used. Please record it again.' };
  return { kind: 'to-record', label: 'To record' };
}
