import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/Button';
import { buildPath, paths } from '@/config/paths';
import { Spinner } from '@/components/ui/Spinner';
import { formatDate, NO_DATE } from '@/lib/format';
import { useReinvite, useSetSuspended } from '../../api/contributors';
import type { CampaignContributor, ContributorAnswer } from '../../contributor-types';
import { ContributorAnswersList } from './ContributorAnswersList';
import { CopyNewLinkDialog, DeleteVideosDialog, ReRecordDialog, RemoveContributorDialog, RevokeLinkDialog } from './ContributorDialogs';
import { ContributorStatusBadges } from './ContributorStatusBadge';
import { useCollaboratorExtra } from './extras';

type Props = {
  campaignId: string;
  initiativeId: string;
  contributor: CampaignContributor;
  /** undefined while the answers load */
  answers: ContributorAnswer[] | undefined;
};

type Open = 'remove' | 'videos' | 'rerecord' | 'newLink' | 'revoke' | null;

export function displayName(c: Pick<CampaignContributor, 'fullName' | 'firstName' | 'lastName' | 'email'>): string {
  const name = c.fullName?.trim() || `${c.firstName ?? ''} ${c.lastName ?? ''}`.trim();
  return name || c.email;
}

/** One collaborator: who, status, progress, and what staff can do about them. */
export function ContributorRow({ campaignId, initiativeId, contributor: c, answers }: Props) {
  const suspend = useSetSuspended(campaignId);
  const reinvite = useReinvite(campaignId);
  const [open, setOpen] = useState<Open>(null);
  const [showAnswers, setShowAnswers] = useState(false);
  const extra = useCollaboratorExtra();
  const name = displayName(c);
  const suspended = c.status === 'suspended';
  const hasVideos = (answers ?? []).some((a) => a.video || a.uploadStatus === 'stored');

  return (
    <li data-testid="contributor-row" data-contributor-id={c.contributorId} className="space-y-3 py-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate font-medium">{name}</p>
          <p className="truncate text-xs text-muted">{c.email}</p>
        </div>
        <ContributorStatusBadges contributor={c} />
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-xs sm:grid-cols-3">
        <div>
          <dt className="text-muted">Progress</dt>
          <dd data-testid="contributor-progress">
            {c.answeredCount}/{c.questionCount} answered
          </dd>
        </div>
        <div>
          <dt className="text-muted">Invited</dt>
          <dd>{formatDate(c.invitedAt) ?? NO_DATE}</dd>
        </div>
        <div>
          <dt className="text-muted">Submitted</dt>
          <dd data-testid="contributor-submitted">{c.submittedAt ? formatDate(c.submittedAt) : 'Not yet'}</dd>
        </div>
      </dl>
      {extra?.({ contributorId: c.contributorId, name })}
      {/* Each name starts with the words its control shows (label in name, WCAG 2.5.3), then says whose. */}
      <div className="flex flex-wrap gap-2" role="group" aria-label={`Actions for ${name}`}>
        <Button
          size="sm"
          aria-expanded={showAnswers}
          aria-label={`${showAnswers ? 'Hide answers' : 'Answers'} of ${name}`}
          onClick={() => setShowAnswers((v) => !v)}
        >
          {showAnswers ? 'Hide answers' : 'Answers'}
        </Button>
        <Link
          to={buildPath(paths.responseEditor, { campaignId, collaboratorId: c.contributorId })}
          aria-label={`Response editor for ${name}`}
          className="inline-flex h-8 items-center rounded-lg border border-line bg-raised px-3 text-sm font-medium hover:bg-sunken"
        >
          Response editor
        </Link>
        <Button
          size="sm"
          variant="secondary"
          title="Links are shown only once: this makes a new one"
          aria-label={`Copy a new link for ${name}`}
          onClick={() => setOpen('newLink')}
        >
          Copy a new link
        </Button>
        <Button
          size="sm"
          variant="ghost"
          loading={reinvite.isPending}
          aria-label={`Re-invite ${name}`}
          onClick={() => reinvite.mutate(c.contributorId)}
        >
          Re-invite
        </Button>
        <Button
          size="sm"
          variant="ghost"
          disabled={!answers || answers.length === 0}
          aria-label={`Re-record answers of ${name}`}
          onClick={() => setOpen('rerecord')}
        >
          Re-record
        </Button>
      </div>
      {/* Set apart so they are not hit in passing; each but Resume takes something away. */}
      <div
        className="flex flex-wrap items-center gap-2 border-t border-dashed border-line pt-3"
        role="group"
        aria-label={`Access and recordings of ${name}`}
      >
        <span aria-hidden className="text-xs text-muted">
          Access and recordings:
        </span>
        <Button
          size="sm"
          variant={suspended ? 'secondary' : 'danger-outline'}
          loading={suspend.isPending}
          aria-label={`${suspended ? 'Resume' : 'Suspend'} ${name}`}
          onClick={() => suspend.mutate({ contributorId: c.contributorId, isSuspended: !suspended })}
        >
          {suspended ? 'Resume' : 'Suspend'}
        </Button>
        {!c.linkRevoked && (
          <Button
            size="sm"
            variant="danger-outline"
            aria-label={`Revoke link of ${name}`}
            onClick={() => setOpen('revoke')}
          >
            Revoke link
          </Button>
        )}
        <Button
          size="sm"
          variant="danger-outline"
          disabled={!hasVideos}
          aria-label={`Delete videos of ${name}`}
          onClick={() => setOpen('videos')}
        >
          Delete videos
        </Button>
        <Button size="sm" variant="danger-outline" aria-label={`Remove ${name}`} onClick={() => setOpen('remove')}>
          Remove
        </Button>
      </div>
      {showAnswers &&
        (answers ? <ContributorAnswersList name={name} answers={answers} review={{ campaignId, contributorId: c.contributorId }} /> : <Spinner className="h-5 w-5" />)}
      <CopyNewLinkDialog campaignId={campaignId} contributor={c} open={open === 'newLink'} onClose={() => setOpen(null)} />
      <RemoveContributorDialog campaignId={campaignId} contributor={c} open={open === 'remove'} onClose={() => setOpen(null)} />
      <RevokeLinkDialog campaignId={campaignId} contributor={c} open={open === 'revoke'} onClose={() => setOpen(null)} />
      <DeleteVideosDialog
        campaignId={campaignId}
        initiativeId={initiativeId}
        contributor={c}
        open={open === 'videos'}
        onClose={() => setOpen(null)}
      />
      <ReRecordDialog
        campaignId={campaignId}
        contributor={c}
        answers={answers ?? []}
        open={open === 'rerecord'}
        onClose={() => setOpen(null)}
      />
    </li>
  );
}
