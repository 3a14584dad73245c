import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { Spinner } from '@/components/ui/Spinner';
import { errorMessageOf } from '@/lib/api/errors';
import { useStoredVideos } from '../api/queries';
import { t } from '../i18n/i18n';
import type { ContributorData, JourneyQuestion } from '../types';

type Props = { data: ContributorData; question: JourneyQuestion; number: number; onClose: () => void };

/** Plays the stored take of one answer, as the campaign team receives it (loaded when first opened). */
export function AnswerPlayer({ data, question, number, onClose }: Props) {
  const videos = useStoredVideos(data);
  const video = videos.data?.answers.find((a) => a.campaignQuestionId === question.campaignQuestionId)?.video;
  return (
    <Dialog
      open
      title={t('player.title', { number })}
      onClose={onClose}
      footer={
        <Button variant="secondary" onClick={onClose}>
          {t('common.close')}
        </Button>
      }
    >
      <p className="mb-3 text-sm font-medium">{question.question}</p>
      {videos.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner className="h-6 w-6 text-primary" label={t('player.loading')} />
        </div>
      ) : videos.isError ? (
        <p role="alert" className="text-sm text-danger">
          {errorMessageOf(videos.error)}
        </p>
      ) : video ? (
        <video
          src={video.url}
          controls
          playsInline
          preload="metadata"
          className="max-h-[60vh] w-full rounded bg-black"
          data-testid="answer-video"
          aria-label={t('player.title', { number })}
        />
      ) : (
        <p className="text-sm text-muted">{t('player.notYet')}</p>
      )}
    </Dialog>
  );
}
