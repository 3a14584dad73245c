import { paths } from '@/config/paths';
import { ContributorGuard } from '@/features/contributor-journey/components/ContributorGuard';
import { GoodJobPage } from '@/features/contributor-journey/components/GoodJobPage';

export function Component() {
  return (
    <ContributorGuard path={paths.contributorGoodJob}>
      <GoodJobPage />
    </ContributorGuard>
  );
}
