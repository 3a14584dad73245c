import { Button } from '@/components/ui/Button';
import { t } from '../i18n/i18n';
import type { JourneyQuestion } from '../types';
import { questionState } from '../uploads/question-state';
import { getUploadManager, useUploadsStore } from '../uploads/uploads';

type Props = {
  /** The questions whose take was sent from this visit of the studio, in the order they were. */
  sent: JourneyQuestion[];
  /** Each question's place in the campaign (1-based). */
  numbers: Record<string, number>;
  /** Goes back to a question whose take the server could not use. */
  onRecordAgain: (question: JourneyQuestion) => void;
  disabled: boolean;
};

/**
 * The takes sent while the studio stays open: each one's upload, and whether the page may be closed
 * yet (a take leaves this device only once the server has stored it).
 */
export function TakeProgress({ sent, numbers, onRecordAgain, disabled }: Props) {
  const uploads = useUploadsStore((s) => s.byQuestion);
  if (sent.length === 0) return null;
  const states = sent.map((q) => questionState(q, uploads[q.campaignQuestionId]));
  const allStored = states.every((s) => s.kind === 'stored');
  return (
    <section aria-label={t('progress.region')} className="space-y-2 rounded bg-white/5 p-2 text-sm" data-testid="take-progress">
      <ul className="space-y-2">
        {sent.map((q, i) => {
          const s = states[i]!;
          return (
            <li key={q.campaignQuestionId} data-testid="sent-take" data-status={s.kind}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  {t('progress.question', { number: numbers[q.campaignQuestionId] ?? 0 })} <span data-testid="sent-take-state">{s.label}</span>
                </span>
                {s.kind === 'retrying' && (
                  <Button size="sm" variant="secondary" onClick={() => getUploadManager().retryNow()}>
                    {t('progress.retryNow')}
                  </Button>
                )}
                {s.kind === 'failed' && (
                  <Button size="sm" variant="secondary" disabled={disabled} onClick={() => onRecordAgain(q)}>
                    {t('progress.recordAgain', { number: numbers[q.campaignQuestionId] ?? 0 })}
                  </Button>
                )}
              </div>
              {s.percent !== undefined && (
                <div className="mt-1 h-1 overflow-hidden rounded-full bg-white/20" aria-hidden>
                  <div className="h-full bg-white transition-all" style={{ width: `${s.percent}%` }} />
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <p role="status" className="text-white/80" data-testid="close-safety">
        {allStored ? t('progress.allStored') : t('progress.keepOpen')}
      </p>
    </section>
  );
}
