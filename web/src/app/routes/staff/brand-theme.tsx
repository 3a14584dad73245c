import { BrandThemePage } from '@/features/brand-theme/components/BrandThemePage';

export function Component() {
  return <BrandThemePage />;
}
