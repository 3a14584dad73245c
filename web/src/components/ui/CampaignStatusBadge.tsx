import { CAMPAIGN_STATUS_LABELS } from '@/config/labels';
import type { components } from '@/types/schema';
import { cn } from '@/utils/cn';

type CampaignStatus = components['schemas']['CampaignStatus'];

const styles: Record<CampaignStatus, string> = {
  draft: 'bg-sunken text-muted',
  live: 'bg-success-soft text-success',
  expired: 'bg-danger-soft text-danger',
};

/** Draft, Live or Expired, as a coloured badge (campaign list, campaign screen, dashboard). */
export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  return (
    <span className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-medium', styles[status])}>
      {CAMPAIGN_STATUS_LABELS[status]}
    </span>
  );
}
