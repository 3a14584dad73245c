import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { Select } from '@/components/ui/Field';
import { Spinner } from '@/components/ui/Spinner';
import { responseEditorAt } from '@/config/paths';
import { formatDate, NO_DATE } from '@/lib/format';
import { cn } from '@/utils/cn';
import { useCampaignChoices, useResponses, useReview, useSendBack, useTake, type Response } from '../api/responses-api';
import { isResponseStatus, RESPONSE_STATUSES, statusFilter, statusLabel, statusOf, type ResponseStatus } from '../lib/status';

export const RESPONSES_TEXT = {
  empty: 'No answers here yet.',
  emptyFiltered: 'No answers match these filters.',
  sendBackTitle: 'Send back for re-recording',
  sendBackBody: (name: string) =>
    `${name || 'The collaborator'} gets an e-mail with a new link and is asked to record this answer again.`,
} as const;

const badgeStyles: Record<ResponseStatus, string> = {
  new: 'bg-accent/15 text-fg',
  approved: 'bg-success-soft text-success',
  sentBack: 'bg-warning/15 text-warning',
  processing: 'bg-sunken text-muted',
  failed: 'bg-danger/15 text-danger',
};

function StatusBadge({ status }: { status: ResponseStatus }) {
  return (
    <span data-testid="response-status" className={cn('rounded-full px-2 py-0.5 text-xs font-medium', badgeStyles[status])}>
      {statusLabel(status)}
    </span>
  );
}

/** The take, played in the card once staff ask for it (its URLs are signed on demand). */
function InlinePlayer({ answer }: { answer: Response }) {
  const take = useTake(answer, true);
  if (take.isPending) return <Spinner />;
  if (take.isError || !take.data?.url) {
    return (
      <p role="alert" className="text-sm text-danger">
        {take.data?.failureReason || 'This video cannot be played yet.'}
      </p>
    );
  }
  return (
    // Collaborators' own words: captions are edited in the response editor.
    <video
      src={take.data.url}
      poster={take.data.posterUrl ?? undefined}
      controls
      autoPlay
      playsInline
      aria-label={`Answer by ${answer.contributorName || 'the collaborator'}: ${answer.question}`}
      className="aspect-video w-full rounded-md bg-black"
    />
  );
}

/** What another part of the app adds under an answer's actions (publishing: Publish, Published). */
export type AnswerExtra = (answer: Response, approved: boolean) => ReactNode;

function ResponseCard({ answer, onSendBack, extra }: { answer: Response; onSendBack: (answer: Response) => void; extra?: AnswerExtra }) {
  const [playing, setPlaying] = useState(false);
  const review = useReview();
  const status = statusOf(answer);
  const name = answer.contributorName || 'Collaborator';
  const playable = answer.mediaStatus === 'ready';
  const notYet = answer.mediaStatus === 'failed' ? 'Video failed' : 'Processing';
  return (
    <li className="rounded-lg border border-line bg-raised p-3" aria-label={`${name}: ${answer.question}`}>
      <div className="flex flex-col gap-3 sm:flex-row">
        <div className="w-full shrink-0 sm:w-56">
          {playing ? (
            <InlinePlayer answer={answer} />
          ) : (
            <button
              type="button"
              disabled={!playable}
              onClick={() => setPlaying(true)}
              // The name starts with the words shown on the button (WCAG 2.5.3, label in name).
              aria-label={playable ? `Play the answer by ${name}` : `${notYet}: the answer by ${name} cannot be played yet`}
              className="group relative block aspect-video w-full overflow-hidden rounded-md bg-sunken focus:outline-2 focus:outline-offset-2 focus:outline-ring disabled:cursor-not-allowed"
            >
              {answer.posterUrl ? (
                <img src={answer.posterUrl} alt="" className="h-full w-full object-cover" loading="lazy" />
              ) : (
                <span className="flex h-full items-center justify-center text-xs text-muted">{notYet}</span>
              )}
              {playable && (
                <span aria-hidden className="absolute inset-0 flex items-center justify-center">
                  <span className="rounded-full bg-black/60 px-3 py-1 text-sm text-white group-hover:bg-black/80">Play</span>
                </span>
              )}
            </button>
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-semibold [overflow-wrap:anywhere]">{name}</h3>
            <StatusBadge status={status} />
          </div>
          <p className="text-sm [overflow-wrap:anywhere]">
            <span className="text-muted">Question:</span> {answer.question}
          </p>
          <p className="text-sm [overflow-wrap:anywhere]">
            <span className="text-muted">Campaign:</span> {answer.campaignName}
          </p>
          <p className="text-xs text-muted">Recorded {formatDate(answer.takenAt) ?? NO_DATE}</p>
          <div className="flex flex-wrap gap-2 pt-2">
            {status === 'new' && playable && (
              <Button size="sm" loading={review.isPending} onClick={() => review.mutate({ answer, status: 'approved' })}>
                Approve
              </Button>
            )}
            {status === 'approved' && (
              <Button size="sm" variant="secondary" loading={review.isPending} onClick={() => review.mutate({ answer, status: 'new' })}>
                Mark as new
              </Button>
            )}
            {status !== 'sentBack' && status !== 'processing' && (
              <Button size="sm" variant="secondary" onClick={() => onSendBack(answer)}>
                Send back
              </Button>
            )}
            <Link
              to={responseEditorAt(answer.campaignId, answer.contributorId, answer.journeyId)}
              className="inline-flex h-8 items-center rounded-lg px-3 text-sm font-medium text-fg hover:bg-sunken focus:outline-2 focus:outline-ring"
            >
              Open in editor
            </Link>
          </div>
          {extra && <div className="pt-2">{extra(answer, status === 'approved')}</div>}
        </div>
      </div>
    </li>
  );
}

/**
 * `/responses`: the answers of every campaign (or one), newest take first, with their poster,
 * who answered, the question and where staff stand; played, approved or sent back in place.
 * The filters live in the address (`?campaignId=&status=`), so the dashboard can link to them.
 */
export function ResponsesInbox({ answerExtra }: { answerExtra?: AnswerExtra } = {}) {
  const [params, setParams] = useSearchParams();
  const campaignId = params.get('campaignId') ?? '';
  const rawStatus = params.get('status');
  const status = isResponseStatus(rawStatus) ? rawStatus : null;
  const campaigns = useCampaignChoices();
  const results = useResponses({ ...(campaignId ? { campaignId } : {}), ...statusFilter(status) });
  const sendBack = useSendBack();
  const [confirming, setConfirming] = useState<Response | null>(null);
  const items = results.data?.pages.flatMap((p) => p.items) ?? [];
  const error = results.error instanceof Error ? results.error.message : null;

  const setFilter = (name: 'campaignId' | 'status', value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );

  return (
    <div className="space-y-6">
      <form aria-label="Filter answers" className="grid gap-4 sm:grid-cols-2" onSubmit={(e) => e.preventDefault()}>
        <Select
          label="Campaign"
          value={campaignId}
          onChange={(e) => setFilter('campaignId', e.target.value)}
          placeholder="All campaigns"
          options={[
            ...(campaigns.data ?? []).map((c) => ({ value: c.id, label: c.name })),
            // A campaign linked to that is not among the first hundred still shows as chosen.
            ...(campaignId && !campaigns.data?.some((c) => c.id === campaignId) ? [{ value: campaignId, label: 'This campaign' }] : []),
          ]}
        />
        <Select
          label="Status"
          value={status ?? ''}
          onChange={(e) => setFilter('status', e.target.value)}
          placeholder="Any status"
          options={RESPONSE_STATUSES.map(({ value, label }) => ({ value, label }))}
        />
      </form>
      <section aria-labelledby="responses-heading" className="space-y-4">
        <h2 id="responses-heading" className="text-lg font-semibold">
          Answers
        </h2>
        {error && (
          <p role="alert" className="text-sm font-medium text-danger">
            {error}
          </p>
        )}
        {results.isPending ? (
          <Spinner />
        ) : items.length === 0 && !results.hasNextPage ? (
          !error && <p className="text-muted">{campaignId || status ? RESPONSES_TEXT.emptyFiltered : RESPONSES_TEXT.empty}</p>
        ) : (
          <ul aria-label="Answers" className="space-y-3" aria-busy={results.isFetching}>
            {items.map((answer) => (
              <ResponseCard
                key={`${answer.campaignId}/${answer.contributorId}/${answer.journeyId}`}
                answer={answer}
                onSendBack={setConfirming}
                extra={answerExtra}
              />
            ))}
          </ul>
        )}
        {results.hasNextPage && (
          <Button variant="secondary" loading={results.isFetchingNextPage} onClick={() => void results.fetchNextPage()}>
            Show more answers
          </Button>
        )}
      </section>
      <Dialog
        open={confirming !== null}
        title={RESPONSES_TEXT.sendBackTitle}
        onClose={() => setConfirming(null)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(null)}>
              Cancel
            </Button>
            <Button
              loading={sendBack.isPending}
              onClick={() => {
                if (confirming) sendBack.mutate(confirming, { onSuccess: () => setConfirming(null) });
              }}
            >
              Send back
            </Button>
          </>
        }
      >
        <p className="text-sm">{RESPONSES_TEXT.sendBackBody(confirming?.contributorName ?? '')}</p>
        {confirming && <p className="mt-2 text-sm text-muted [overflow-wrap:anywhere]">“{confirming.question}”</p>}
      </Dialog>
    </div>
  );
}
