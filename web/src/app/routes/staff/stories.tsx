import { useParams } from 'react-router';
import { StoriesList } from '@/features/stories/components/StoriesList';

export function Component() {
  const { campaignId = '' } = useParams();
  return <StoriesList campaignId={campaignId} />;
}
