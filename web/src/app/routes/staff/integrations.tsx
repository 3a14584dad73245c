import { IntegrationsPage } from '@/features/integrations/components/IntegrationsPage';

export function Component() {
  return <IntegrationsPage />;
}
