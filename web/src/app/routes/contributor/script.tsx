import { ScriptPage } from '@/features/contributor-journey/components/ScriptPage';

export function Component() {
  return <ScriptPage />;
}
