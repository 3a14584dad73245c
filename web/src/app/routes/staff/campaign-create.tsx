import { CampaignCreate } from '@/features/campaigns/components/CampaignEditor';

export function Component() {
  return <CampaignCreate />;
}
