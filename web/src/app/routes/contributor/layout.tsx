import { ContributorLayout } from '@/features/contributor-journey/components/ContributorLayout';

export function Component() {
  return <ContributorLayout />;
}
