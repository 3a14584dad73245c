import { PageHeader, Card } from '@/components/layouts/PageHeader';
import type { CurrentUser } from '@/lib/api/types';

export const DASHBOARD_EMPTY = 'Campaign figures appear here once your organisation has campaigns';

export function Dashboard({ user }: { user: CurrentUser }) {
  const name = user.firstName?.trim() || user.email;
  return (
    <>
      <PageHeader
        title={`Welcome, ${name}`}
        description={user.companyName ? `${user.companyName} on Storyhive` : 'Your organisation on Storyhive'}
      />
      <Card className="flex flex-col items-center gap-3 py-14 text-center">
        <svg viewBox="0 0 48 48" className="h-12 w-12 text-muted" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
          <rect x="6" y="10" width="36" height="28" rx="4" />
          <path d="M20 19l10 5-10 5z" />
        </svg>
        <p className="max-w-md text-sm text-muted">{DASHBOARD_EMPTY}</p>
      </Card>
    </>
  );
}
