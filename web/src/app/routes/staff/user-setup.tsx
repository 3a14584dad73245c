import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/layouts/PageHeader';
import { Button } from '@/components/ui/Button';
import { paths } from '@/config/paths';
import { OwnFiles } from '@/features/organisation/components/OwnFiles';
import { SetupSteps } from '@/features/organisation/components/SetupSteps';
import { ProfileForm } from '@/features/profile/components/ProfileForm';
import { useSessionStore } from '@/stores/session-store';

export const NAMES_FIRST = 'Please save your first and last name to continue';

/** User set-up (super admin): their own profile, picture and encouragement video. */
export function Component() {
  const user = useSessionStore((s) => s.user);
  const navigate = useNavigate();
  if (!user) return null;
  const firstSetup = !user.setupCompleted;
  const named = !!user.firstName?.trim() && !!user.lastName?.trim();
  return (
    <div className="space-y-6">
      <PageHeader
        title="User setup"
        description={firstSetup ? 'Welcome to Storyhive. Tell us about yourself first, then set up your company.' : 'Your profile, picture and encouragement video.'}
        actions={firstSetup ? <SetupSteps current={1} /> : undefined}
      />
      <ProfileForm user={user} />
      <OwnFiles user={user} />
      <div className="flex items-center justify-end gap-3">
        {!named && <p className="text-sm text-muted">{NAMES_FIRST}</p>}
        <Button disabled={!named} onClick={() => navigate(paths.companySetup)}>
          {firstSetup ? 'Continue to company setup' : 'Company setup'}
        </Button>
      </div>
    </div>
  );
}
