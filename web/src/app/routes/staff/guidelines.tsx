import { GuidelinesManager } from '@/features/guidelines/components/GuidelinesManager';

export function Component() {
  return <GuidelinesManager />;
}
