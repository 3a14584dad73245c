import { PageHeader } from '@/components/layouts/PageHeader';
import { ResponsesInbox } from '@/features/responses/components/ResponsesInbox';

export function Component() {
  return (
    <div className="space-y-6">
      <PageHeader
        title="Responses"
        description="Collaborators' answers across campaigns, newest first: watch them, approve them or send them back."
      />
      <ResponsesInbox />
    </div>
  );
}
