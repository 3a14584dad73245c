import { useId } from 'react';
import { CollaboratorFunnel } from '@/components/charts/CollaboratorFunnel';
import { Card } from '@/components/layouts/PageHeader';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { useCampaignFunnel } from '../api/campaigns-api';

/** How this campaign's collaborators got on: invited, link opened, started, answered, submitted. */
export function CampaignFunnel({ campaignId }: { campaignId: string }) {
  const headingId = useId();
  const funnel = useCampaignFunnel(campaignId);
  return (
    <Card>
      <section aria-labelledby={headingId} className="space-y-3">
        <h2 id={headingId} className="text-lg font-semibold">
          Collaborators, from invitation to submission
        </h2>
        {funnel.isPending ? (
          <Spinner className="h-5 w-5 text-muted" label="Loading" />
        ) : funnel.isError ? (
          <div className="flex items-center gap-3 text-sm text-muted">
            <span>The figures could not be loaded.</span>
            <Button size="sm" variant="secondary" onClick={() => void funnel.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <CollaboratorFunnel funnel={funnel.data} testId="campaign-funnel" />
        )}
      </section>
    </Card>
  );
}
