import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/layouts/PageHeader';
import { Button } from '@/components/ui/Button';
import { paths } from '@/config/paths';
import { useCompleteSetup } from '@/features/organisation/api/organisation-api';
import { CompanySettings } from '@/features/organisation/components/CompanySettings';
import { SetupSteps } from '@/features/organisation/components/SetupSteps';
import { useSessionStore } from '@/stores/session-store';

/** Company set-up (super admin): name, industry, logo, departments, terms, encouragement video. */
export function Component() {
  const user = useSessionStore((s) => s.user);
  const navigate = useNavigate();
  const complete = useCompleteSetup();
  if (!user) return null;
  const firstSetup = !user.setupCompleted;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Company setup"
        description="What your staff and contributors see of your organisation."
        actions={firstSetup ? <SetupSteps current={2} /> : undefined}
      />
      <CompanySettings />
      {firstSetup && (
        <div className="flex justify-between gap-3">
          <Button variant="secondary" onClick={() => navigate(paths.userSetup)}>
            Back
          </Button>
          <Button
            loading={complete.isPending}
            disabled={!user.companyName?.trim()}
            onClick={() => complete.mutate(undefined, { onSuccess: () => navigate(paths.dashboard) })}
          >
            Finish setup
          </Button>
        </div>
      )}
    </div>
  );
}
