import { PageHeader } from '@/components/layouts/PageHeader';
import { PublishControl } from '@/features/publishing/components/PublishControl';
import { canPublish } from '@/features/publishing/lib/roles';
import { ResponsesInbox } from '@/features/responses/components/ResponsesInbox';
import { roleOf } from '@/lib/auth';
import { useSessionStore } from '@/stores/session-store';

export function Component() {
  const user = useSessionStore((s) => s.user);
  const canEdit = canPublish(roleOf(user));
  return (
    <div className="space-y-6">
      <PageHeader
        title="Responses"
        description="Collaborators' answers across campaigns, newest first: watch them, approve them or send them back."
      />
      <ResponsesInbox
        answerExtra={(answer, approved) => (
          <PublishControl
            target={{ kind: 'answer', campaignId: answer.campaignId, contributorId: answer.contributorId, questionId: answer.journeyId }}
            name={`the answer by ${answer.contributorName || 'the collaborator'}`}
            approved={approved}
            canEdit={canEdit}
          />
        )}
      />
    </div>
  );
}
