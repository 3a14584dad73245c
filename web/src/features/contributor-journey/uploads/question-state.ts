import type { JourneyQuestion } from '../types';
import { formatNumber, t } from '../i18n/i18n';
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
    const shown = formatNumber(percent / 100, { style: 'percent' });
    switch (local.phase) {
      case 'recording':
        return { kind: 'recording', label: t('state.recording') };
      case 'waiting':
        return { kind: 'waiting', label: t('state.waiting') };
      case 'uploading':
        return { kind: 'uploading', label: t('state.uploading', { percent: shown }), percent };
      case 'retrying':
        return { kind: 'retrying', label: t('state.retrying', { percent: shown }), percent };
      case 'processing':
        return { kind: 'processing', label: t('state.processing'), percent: 99 };
      case 'failed':
        return { kind: 'failed', label: local.error ?? t('state.uploadFailed') };
    }
  }
  if (q.sentForReRecording && !(local?.phase === 'stored')) return { kind: 'sent-back', label: t('state.sentBack') };
  if (local?.phase === 'stored' || q.uploadStatus === 'stored') return { kind: 'stored', label: t('state.stored') };
  if (q.uploadStatus === 'uploading') return { kind: 'processing', label: t('state.processing') };
  if (q.uploadStatus === 'failed') return { kind: 'failed', label: q.failureReason ?? t('state.unusable') };
  return { kind: 'to-record', label: t('state.toRecord') };
}
