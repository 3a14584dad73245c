import { Card } from '@/components/layouts/PageHeader';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { formatDateTime, NO_DATE } from '@/lib/format';
import { useHelpRequests } from '../api/support-api';

/** The help requests the signed-in member sent, newest first. */
export function HelpRequestList() {
  const requests = useHelpRequests();
  const items = requests.data?.pages.flatMap((p) => p.items) ?? [];
  if (requests.isPending) return <Spinner />;
  if (items.length === 0) return null;
  return (
    <Card className="space-y-4">
      <h2 className="text-lg font-semibold">Your help requests</h2>
      <ul aria-label="Your help requests" className="divide-y divide-line rounded-lg border border-line">
        {items.map((item) => (
          <li key={item.id} className="space-y-1 px-4 py-3 text-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <strong>{item.category}</strong>
              <span className="text-xs text-muted">Sent {formatDateTime(item.createdAt) ?? NO_DATE}</span>
            </div>
            <p className="wrap-anywhere whitespace-pre-line text-muted">{item.message}</p>
          </li>
        ))}
      </ul>
      {requests.hasNextPage && (
        <Button variant="secondary" loading={requests.isFetchingNextPage} onClick={() => void requests.fetchNextPage()}>
          Show more
        </Button>
      )}
    </Card>
  );
}
