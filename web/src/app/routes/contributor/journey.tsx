import { paths } from '@/config/paths';
import { ContributorGuard } from '@/features/contributor-journey/components/ContributorGuard';
import { JourneyPage } from '@/features/contributor-journey/components/JourneyPage';

export function Component() {
  return (
    <ContributorGuard path={paths.contributorJourney}>
      <JourneyPage />
    </ContributorGuard>
  );
}
