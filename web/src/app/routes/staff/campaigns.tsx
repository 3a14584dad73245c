import { CampaignList } from '@/features/campaigns/components/CampaignList';

export function Component() {
  return <CampaignList />;
}
