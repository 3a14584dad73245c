import { ACCOUNT_STATUS_LABELS } from '@/config/labels';
import { cn } from '@/utils/cn';
import type { CampaignContributor, ContributorStatus } from '../../contributor-types';

const styles: Record<ContributorStatus, string> = {
  invited: 'bg-info/15 text-info',
  activated: 'bg-success-soft text-success',
  suspended: 'bg-warning/15 text-warning',
};

const badge = 'inline-flex rounded-full px-2 py-0.5 text-xs font-medium';

/** Invited, Activated or Suspended; plus "Link revoked" when the invitation link no longer works. */
export function ContributorStatusBadges({ contributor }: { contributor: Pick<CampaignContributor, 'status' | 'linkRevoked'> }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      <span data-testid="contributor-status" className={cn(badge, styles[contributor.status])}>
        {ACCOUNT_STATUS_LABELS[contributor.status]}
      </span>
      {contributor.linkRevoked && (
        <span data-testid="contributor-link-revoked" className={cn(badge, 'bg-danger-soft text-danger')}>
          Link revoked
        </span>
      )}
    </span>
  );
}
