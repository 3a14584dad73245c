import { ACCOUNT_STATUS_LABELS } from '@/config/labels';
import { cn } from '@/utils/cn';
import type { CampaignContributor } from '../../contributor-types';

/** What the badge says: the account status, except that a collaborator who sent their answers shows "Submitted". */
type BadgeStatus = CampaignContributor['status'] | 'submitted';

const styles: Record<BadgeStatus, string> = {
  invited: 'bg-info/15 text-info',
  activated: 'bg-success-soft text-success',
  submitted: 'bg-success-soft text-success',
  suspended: 'bg-warning/15 text-warning',
};

const labels: Record<BadgeStatus, string> = { ...ACCOUNT_STATUS_LABELS, submitted: 'Submitted' };

const badge = 'inline-flex rounded-full px-2 py-0.5 text-xs font-medium';

/**
 * Invited, Activated, Submitted or Suspended; plus "Link revoked" when the invitation link no longer works.
 * "Activated" only says they sent their details; once they submitted, that is what staff want to know.
 * Suspended still wins: it is the one that stops them.
 */
export function ContributorStatusBadges({
  contributor,
}: {
  contributor: Pick<CampaignContributor, 'status' | 'linkRevoked' | 'submittedAt'> & { unsubscribed?: boolean };
}) {
  const status: BadgeStatus = contributor.status !== 'suspended' && contributor.submittedAt ? 'submitted' : contributor.status;
  return (
    <span className="inline-flex flex-wrap gap-1">
      <span data-testid="contributor-status" className={cn(badge, styles[status])}>
        {labels[status]}
      </span>
      {contributor.linkRevoked && (
        <span data-testid="contributor-link-revoked" className={cn(badge, 'bg-danger-soft text-danger')}>
          Link revoked
        </span>
      )}
      {contributor.unsubscribed && (
        <span data-testid="contributor-unsubscribed" className={cn(badge, 'bg-muted/15 text-muted')}>
          Unsubscribed
        </span>
      )}
    </span>
  );
}
