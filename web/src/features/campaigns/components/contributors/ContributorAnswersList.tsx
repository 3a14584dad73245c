import { Link } from 'react-router';
import { Button } from '@/components/ui/Button';
import { responseEditorAt } from '@/config/paths';
import { formatDate, NO_DATE } from '@/lib/format';
import { cn } from '@/utils/cn';
import { useReviewAnswer } from '../../api/answer-review';
import { useAnswerPoster } from '../../api/contributors';
import type { ContributorAnswer, ReviewStatus, UploadStatus } from '../../contributor-types';

export const UPLOAD_STATUS_LABELS: Record<UploadStatus, string> = {
  none: 'Not recorded',
  uploading: 'Uploading',
  stored: 'Stored',
  failed: 'Failed',
};

/** Where staff stand with an answer's stored take (null without a take). */
export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = {
  new: 'New',
  approved: 'Approved',
  sentBack: 'Sent back',
};

const reviewStyles: Record<ReviewStatus, string> = {
  new: 'bg-info/15 text-info',
  approved: 'bg-success-soft text-success',
  sentBack: 'bg-warning/15 text-warning',
};

const statusStyles: Record<UploadStatus, string> = {
  none: 'bg-sunken text-muted',
  uploading: 'bg-info/15 text-info',
  stored: 'bg-success-soft text-success',
  failed: 'bg-danger-soft text-danger',
};

/** 75 -> '1:15'; 3725 -> '1:02:05'. */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** 1536 -> '1.5 KB'. */
export function formatSize(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}

const badge = 'inline-flex rounded-full px-2 py-0.5 text-xs font-medium';

/** One collaborator's answers by question: the state and, once stored, the playable video. */
export function ContributorAnswersList({
  name,
  answers,
  review,
}: {
  name: string;
  answers: ContributorAnswer[];
  /** Where the answers belong: adds approving them and opening them in the response editor. */
  review?: { campaignId: string; contributorId: string };
}) {
  if (answers.length === 0) return <p className="text-sm text-muted">This campaign has no questions yet.</p>;
  const sorted = [...answers].sort((a, b) => a.sequence - b.sequence);
  return (
    <ol aria-label={`Answers of ${name}`} className="space-y-3">
      {sorted.map((a) => (
        <ContributorAnswerItem key={a.campaignQuestionId} answer={a} name={name} review={review} />
      ))}
    </ol>
  );
}

/** One answer: thumbnail, question, states, review actions and the player. */
function ContributorAnswerItem({
  answer: a,
  name,
  review,
}: {
  answer: ContributorAnswer;
  name: string;
  review?: { campaignId: string; contributorId: string };
}) {
  const stored = a.uploadStatus === 'stored';
  const poster = useAnswerPoster(
    review?.campaignId ?? '',
    review?.contributorId ?? '',
    a.campaignQuestionId,
    !!review && stored && a.media?.status === 'ready',
  ).data;
  return (
    <li data-testid="contributor-answer" className="rounded-lg border border-line p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 items-center gap-3">
          {poster && (
            <img
              src={poster}
              alt={`Thumbnail of answer ${a.sequence}`}
              loading="lazy"
              className="aspect-video w-20 shrink-0 rounded-md bg-sunken object-cover"
            />
          )}
          <p className="min-w-0 text-sm font-medium [overflow-wrap:anywhere]">
            {a.sequence}. {a.question}
          </p>
        </div>
        <span className="inline-flex flex-wrap gap-1">
          <span data-testid="answer-status" className={cn(badge, statusStyles[a.uploadStatus])}>
            {UPLOAD_STATUS_LABELS[a.uploadStatus]}
          </span>
          {a.reviewStatus && (
            <span
              data-testid="review-status"
              title="Review of the stored take"
              className={cn(badge, reviewStyles[a.reviewStatus])}
            >
              {REVIEW_STATUS_LABELS[a.reviewStatus]}
            </span>
          )}
          {a.sentForReRecording && <span className={cn(badge, 'bg-warning/15 text-warning')}>Sent back for re-recording</span>}
        </span>
      </div>
      {review && stored && <AnswerReviewActions answer={a} name={name} {...review} />}
      {a.uploadStatus === 'failed' && a.failureReason && (
        <p className="mt-1 text-xs text-danger">{a.failureReason}</p>
      )}
      {a.uploadStatus === 'uploading' && <p className="mt-1 text-xs text-muted">The video is being received and checked.</p>}
      {stored && a.video && (
        <div className="mt-3 space-y-1">
          <video
            controls
            // With a poster to show, the video is loaded only when played.
            preload={poster ? 'none' : 'metadata'}
            poster={poster ?? undefined}
            src={a.video.url}
            aria-label={`Answer to "${a.question}"`}
            className="max-h-80 w-full rounded-md bg-black"
          />
          <p className="text-xs text-muted">
            {formatDuration(a.video.durationSeconds)}
            {a.video.deviceType ? ` · ${a.video.deviceType}` : ''}
            {a.video.width && a.video.height ? ` · ${a.video.width}×${a.video.height}` : ''}
            {` · ${formatSize(a.video.sizeBytes)}`}
            {a.video.uploadedAt ? ` · uploaded ${formatDate(a.video.uploadedAt) ?? NO_DATE}` : ''}
          </p>
        </div>
      )}
    </li>
  );
}

/** Approve a stored answer (or mark it new again), and open it in the response editor. */
function AnswerReviewActions({
  answer: a,
  name,
  campaignId,
  contributorId,
}: {
  answer: ContributorAnswer;
  name: string;
  campaignId: string;
  contributorId: string;
}) {
  const review = useReviewAnswer(campaignId);
  const approved = a.reviewStatus === 'approved';
  const editorLink = responseEditorAt(campaignId, contributorId, a.campaignQuestionId);
  return (
    <div className="mt-2 flex flex-wrap gap-2" role="group" aria-label={`Review of answer ${a.sequence} of ${name}`}>
      <Button
        size="sm"
        variant={approved ? 'secondary' : 'primary'}
        loading={review.isPending}
        aria-label={`${approved ? 'Mark as new' : 'Approve'} answer ${a.sequence} of ${name}`}
        onClick={() => review.mutate({ contributorId, journeyId: a.campaignQuestionId, status: approved ? 'new' : 'approved' })}
      >
        {approved ? 'Mark as new' : 'Approve'}
      </Button>
      <Link
        to={editorLink}
        className="inline-flex h-8 items-center rounded-lg border border-line bg-raised px-3 text-sm font-medium hover:bg-sunken"
        // Starts with the words shown (label in name, WCAG 2.5.3).
        aria-label={`Open in editor: answer ${a.sequence} of ${name}`}
      >
        Open in editor
      </Link>
    </div>
  );
}
