import { PageHeader } from '@/components/layouts/PageHeader';
import { ApiKeysSection } from './ApiKeysSection';
import { WebhooksSection } from './WebhooksSection';

/**
 * Settings → Integrations (superAdmin, admin): how other systems work with Storyhive. One section
 * per kind of integration, each its own component of this feature.
 */
export function IntegrationsPage() {
  return (
    <div className="space-y-10">
      <PageHeader
        title="Integrations"
        description="Connect other systems to your organisation's campaigns, collaborators, answers, videos and publishing."
      />
      <ApiKeysSection />
      <WebhooksSection />
    </div>
  );
}
