import { useParams } from 'react-router';
import { CampaignEdit } from '@/features/campaigns/components/CampaignEditor';
import { ConsentPanel } from '@/features/publishing/components/ConsentPanel';
import { PublishingTotals } from '@/features/publishing/components/StatsList';
import { canPublish } from '@/features/publishing/lib/roles';
import { roleOf } from '@/lib/auth';
import { useSessionStore } from '@/stores/session-store';

export function Component() {
  const { id } = useParams();
  const user = useSessionStore((s) => s.user);
  if (!user || !id) return null;
  const canEdit = canPublish(roleOf(user));
  return (
    <CampaignEdit
      key={id}
      id={id}
      user={user}
      extra={<PublishingTotals campaignId={id} />}
      collaboratorExtra={({ contributorId, name }) => <ConsentPanel contributorId={contributorId} name={name} canEdit={canEdit} />}
    />
  );
}
