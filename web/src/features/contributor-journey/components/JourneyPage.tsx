import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from '../app/router';
import { invalidateResources } from '../api/resource';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { Spinner } from '@/components/ui/Spinner';
import { paths } from '@/config/paths';
import { errorMessageOf } from '@/lib/api/errors';
import { toast } from '@/stores/toast-store';
import { cn } from '@/utils/cn';
import { submitJourney } from '../api/contributor-api';
import { useContributorCampaign, useContributorData, useJourney } from '../api/queries';
import { useUploadsStore } from '../uploads/uploads';
import { questionState, type QuestionState } from '../uploads/question-state';
import { formatNumber, t } from '../i18n/i18n';
import { ContributorFrame, Notice } from './ContributorFrame';

// Watching an answer is not on the way to the camera: its player loads when first opened.
const AnswerPlayer = lazy(() => import('./AnswerPlayer').then((m) => ({ default: m.AnswerPlayer })));

const badge: Record<QuestionState['kind'], string> = {
  'to-record': 'bg-sunken text-muted',
  'sent-back': 'bg-warning/15 text-warning',
  recording: 'bg-danger-soft text-danger',
  waiting: 'bg-sunken text-fg',
  uploading: 'bg-primary/15 text-primary-hover',
  retrying: 'bg-warning/15 text-warning',
  processing: 'bg-primary/15 text-primary-hover',
  stored: 'bg-success-soft text-success',
  failed: 'bg-danger-soft text-danger',
};

export function JourneyPage() {
  const data = useContributorData();
  const campaign = useContributorCampaign(data);
  const journey = useJourney(data);
  const uploads = useUploadsStore((s) => s.byQuestion);
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  /** The question whose answer plays (by id: the journey is read again meanwhile). */
  const [watching, setWatching] = useState<string | null>(null);

  if (!data) return <Notice title={t('common.incompleteLink')}>{t('common.openInvitationAgain')}</Notice>;
  if (journey.isPending || campaign.isPending) {
    return (
      <ContributorFrame>
        <div className="flex justify-center py-16">
          <Spinner className="h-8 w-8 text-primary" label={t('journey.loading')} />
        </div>
      </ContributorFrame>
    );
  }
  if (journey.isError || campaign.isError) {
    return (
      <Notice title={t('journey.loadError')}>
        <p role="alert">{errorMessageOf(journey.error ?? campaign.error)}</p>
        <Button variant="secondary" onClick={() => void journey.refetch()}>
          {t('common.tryAgain')}
        </Button>
      </Notice>
    );
  }

  const j = journey.data;
  const questions = [...j.questions].sort((a, b) => a.sequence - b.sequence);
  const states = questions.map((q) => questionState(q, uploads[q.campaignQuestionId]));
  const storedCount = states.filter((s) => s.kind === 'stored').length;
  const inFlight = states.some((s) => ['recording', 'waiting', 'uploading', 'retrying', 'processing'].includes(s.kind));
  const toRecord = states.filter((s) => s.kind === 'to-record' || s.kind === 'sent-back' || s.kind === 'failed').length;
  const allStored = questions.length > 0 && storedCount === questions.length;
  const finished = j.submitted && !j.reRecording;
  const c = campaign.data.campaign;
  const watchedIndex = questions.findIndex((q) => q.campaignQuestionId === watching);

  async function onSubmit() {
    if (!data) return;
    setSubmitting(true);
    try {
      const res = await submitJourney(data);
      toast.success(res.message);
      await invalidateResources(['contributor']);
      navigate(paths.contributorGoodJob);
    } catch {
      setSubmitting(false);
      setConfirming(false);
    }
  }

  return (
    <ContributorFrame logo={c.companyLogo} company={c.companyName}>
      <div className="space-y-6">
        <div>
          <h1 className="text-2xl font-semibold">{c.title}</h1>
          <p className="mt-1 text-sm text-muted" data-testid="stored-count" aria-live="polite">
            {t('journey.storedCount', { stored: storedCount, total: questions.length })}
          </p>
        </div>

        {finished ? (
          <div className="rounded-xl border border-success/40 bg-success/10 p-4 text-sm" role="status">
            {t('journey.finished')}
          </div>
        ) : (
          <div className="flex flex-wrap gap-3">
            {toRecord > 0 && (
              <>
                <Button size="lg" onClick={() => navigate(paths.contributorRecordVideo)}>
                  {j.reRecording ? t('journey.reRecord') : storedCount > 0 || inFlight ? t('journey.continueRecording') : t('common.startRecording')}
                </Button>
                <Button size="lg" variant="secondary" onClick={() => navigate(`${paths.contributorRecordVideo}?istest=true`)}>
                  {t('journey.practice')}
                </Button>
              </>
            )}
            {toRecord === 0 && (
              <Button size="lg" onClick={() => setConfirming(true)} disabled={!allStored}>
                {t('journey.submitForReview')}
              </Button>
            )}
          </div>
        )}
        {!finished && toRecord === 0 && !allStored && (
          <p className="text-sm text-muted" role="status">
            {t('journey.uploading')}
          </p>
        )}

        <ol className="space-y-3" aria-label={t('journey.questions')}>
          {questions.map((q, i) => {
            const s = states[i]!;
            return (
              <li
                key={q.campaignQuestionId}
                data-testid="journey-question"
                data-status={s.kind}
                className="rounded-xl border border-line bg-raised p-4"
              >
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <p className="font-medium">
                    <span className="text-muted">{formatNumber(i + 1)}. </span>
                    {q.question}
                  </p>
                  <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-medium', badge[s.kind])} data-testid="question-status">
                    {s.label}
                  </span>
                </div>
                {s.percent !== undefined && (
                  <div className="mt-3 h-1.5 overflow-hidden rounded-full bg-sunken" aria-hidden>
                    <div className="h-full bg-primary transition-all" style={{ width: `${s.percent}%` }} />
                  </div>
                )}
                {!finished && s.kind !== 'stored' && (
                  <Link
                    to={`${paths.contributorScript}?campaignQuestionId=${encodeURIComponent(q.campaignQuestionId)}`}
                    className="mt-2 inline-block text-sm text-primary underline-offset-2 hover:underline"
                  >
                    {t('journey.prepareScript')}
                  </Link>
                )}
                {s.kind === 'stored' && (
                  <div className="mt-2 flex flex-wrap gap-2">
                    <Button size="sm" variant="secondary" onClick={() => setWatching(q.campaignQuestionId)} aria-label={t('journey.watchLabel', { number: i + 1 })}>
                      {t('journey.watch')}
                    </Button>
                    {/* Before submitting, any answer may be redone; afterwards only what staff send back. */}
                    {!j.submitted && (
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={t('journey.recordAgainLabel', { number: i + 1 })}
                        onClick={() => navigate(`${paths.contributorRecordVideo}?campaignQuestionId=${encodeURIComponent(q.campaignQuestionId)}`)}
                      >
                        {t('journey.recordAgain')}
                      </Button>
                    )}
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      </div>

      {watchedIndex >= 0 && (
        <Suspense fallback={null}>
          <AnswerPlayer data={data} question={questions[watchedIndex]!} number={watchedIndex + 1} onClose={() => setWatching(null)} />
        </Suspense>
      )}

      <Dialog
        open={confirming}
        title={t('journey.confirmTitle')}
        onClose={() => !submitting && setConfirming(false)}
        footer={
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={submitting}>
              {t('common.cancel')}
            </Button>
            <Button onClick={() => void onSubmit()} loading={submitting} loadingLabel={t('common.pleaseWait')}>
              {t('journey.confirmSubmit')}
            </Button>
          </div>
        }
      >
        <p className="text-sm">{t('journey.confirmBody', { count: questions.length })}</p>
      </Dialog>
    </ContributorFrame>
  );
}
