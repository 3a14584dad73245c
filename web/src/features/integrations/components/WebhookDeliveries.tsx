import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { formatDateTime, NO_DATE } from '@/lib/format';
import { EVENT_LABELS, useDeliveries, useRedeliver, type WebhookDelivery } from '../api/webhooks-api';

/** What an attempt came to, in a word and a colour. */
function Outcome({ delivery }: { delivery: WebhookDelivery }) {
  const code = delivery.statusCode ?? 'No answer';
  return (
    <span className={delivery.ok ? 'font-medium text-success' : 'font-medium text-danger'}>
      {delivery.ok ? `Delivered (${code})` : `Failed (${code})`}
    </span>
  );
}

/** An endpoint's delivery log: each attempt, newest first, with redelivery by hand. */
export function WebhookDeliveries({ endpointId }: { endpointId: string }) {
  const deliveries = useDeliveries(endpointId);
  const redeliver = useRedeliver();
  const items = deliveries.data?.pages.flatMap((page) => page.items) ?? [];
  if (deliveries.isPending) {
    return (
      <div className="flex justify-center py-4">
        <Spinner />
      </div>
    );
  }
  if (deliveries.isError) return <p className="text-sm text-danger">The deliveries could not be loaded.</p>;
  return (
    <section aria-label="Deliveries" className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">Deliveries</h3>
        <Button variant="ghost" size="sm" loading={deliveries.isRefetching} onClick={() => void deliveries.refetch()}>
          Refresh
        </Button>
      </div>
      {items.length === 0 ? (
        <p className="text-sm text-muted">No deliveries yet. Send a test event to try the endpoint.</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-line">
          <table className="w-full text-left text-sm">
            <thead className="bg-sunken text-xs text-muted">
              <tr>
                <th className="px-3 py-2 font-medium">Time</th>
                <th className="px-3 py-2 font-medium">Event</th>
                <th className="px-3 py-2 font-medium">Status</th>
                <th className="px-3 py-2 font-medium">Duration</th>
                <th className="px-3 py-2 font-medium">Attempt</th>
                <th className="px-3 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {items.map((delivery) => (
                <tr key={delivery.id} aria-label={`Delivery ${delivery.eventId}`}>
                  <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(delivery.at) ?? NO_DATE}</td>
                  <td className="px-3 py-2">
                    <span className="block">{EVENT_LABELS[delivery.eventType]}</span>
                    <span className="block font-mono text-xs text-muted">{delivery.eventId}</span>
                  </td>
                  <td className="px-3 py-2">
                    <Outcome delivery={delivery} />
                    {delivery.error && <span className="block text-xs text-muted wrap-anywhere">{delivery.error}</span>}
                    {delivery.nextAttemptAt && (
                      <span className="block text-xs text-muted">Next attempt {formatDateTime(delivery.nextAttemptAt)}</span>
                    )}
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">{delivery.durationMs} ms</td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {delivery.attempt}
                    {delivery.manual ? ' (by hand)' : ''}
                  </td>
                  <td className="px-3 py-2 text-right">
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={redeliver.isPending}
                      aria-label={`Redeliver ${delivery.eventId}`}
                      onClick={() => redeliver.mutate({ endpointId, eventId: delivery.eventId })}
                    >
                      Redeliver
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {deliveries.hasNextPage && (
        <Button variant="secondary" size="sm" loading={deliveries.isFetchingNextPage} onClick={() => void deliveries.fetchNextPage()}>
          Show older deliveries
        </Button>
      )}
    </section>
  );
}
