import { Dashboard } from '@/features/shell/components/Dashboard';
import { useSessionStore } from '@/stores/session-store';

// The organisation's publishing figures are on the Published screen: the dashboard is the staff
// first screen, whose JavaScript has a budget (e2e/staff-budget.spec.ts).
export function Component() {
  const user = useSessionStore((s) => s.user);
  if (!user) return null;
  return <Dashboard user={user} />;
}
