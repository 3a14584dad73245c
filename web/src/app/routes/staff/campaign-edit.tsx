import { useParams } from 'react-router';
import { CampaignEdit } from '@/features/campaigns/components/CampaignEditor';
import { useSessionStore } from '@/stores/session-store';

export function Component() {
  const { id } = useParams();
  const user = useSessionStore((s) => s.user);
  if (!user || !id) return null;
  return <CampaignEdit key={id} id={id} user={user} />;
}
