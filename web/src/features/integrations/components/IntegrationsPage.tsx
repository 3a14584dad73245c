import { PageHeader } from '@/components/layouts/PageHeader';
import { WebhooksSection } from './WebhooksSection';

/** Settings, Integrations (/settings/integrations): superAdmin and admin. */
export function IntegrationsPage() {
  return (
    <div className="space-y-8">
      <PageHeader title="Integrations" description="Connect Storyhive to your other tools." />
      <WebhooksSection />
    </div>
  );
}
