import type { components } from '@/types/schema';

type CampaignStatus = components['schemas']['CampaignStatus'];
type AccountStatus = components['schemas']['UserStatus'];

/** Campaign status as shown everywhere (spec section 2: Draft, Live, Expired). */
export const CAMPAIGN_STATUS_LABELS: Record<CampaignStatus, string> = { draft: 'Draft', live: 'Live', expired: 'Expired' };

/** The status of a staff user or a collaborator (spec section 3: Invited, Activated, Suspended). */
export const ACCOUNT_STATUS_LABELS: Record<AccountStatus, string> = {
  invited: 'Invited',
  activated: 'Activated',
  suspended: 'Suspended',
};
