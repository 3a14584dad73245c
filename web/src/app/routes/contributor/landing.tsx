import { paths } from '@/config/paths';
import { ContributorGuard } from '@/features/contributor-journey/components/ContributorGuard';
import { LandingPage, useInvitationFromLink } from '@/features/contributor-journey/components/LandingPage';

export function Component() {
  // The link's contributorId and key are kept first, so the guard sees a contributor.
  const data = useInvitationFromLink();
  return (
    <ContributorGuard path={paths.contributorCampaign}>
      <LandingPage data={data} />
    </ContributorGuard>
  );
}
