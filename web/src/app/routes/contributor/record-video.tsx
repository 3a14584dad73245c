import { paths } from '@/config/paths';
import { ContributorGuard } from '@/features/contributor-journey/components/ContributorGuard';
import { StudioPage } from '@/features/contributor-journey/recording/StudioPage';

export function Component() {
  return (
    <ContributorGuard path={paths.contributorRecordVideo}>
      <StudioPage />
    </ContributorGuard>
  );
}
