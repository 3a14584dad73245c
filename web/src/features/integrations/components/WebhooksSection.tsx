import { useState } from 'react';
import { Card } from '@/components/layouts/PageHeader';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { formatDateTime } from '@/lib/format';
import { EVENT_LABELS, useEndpoints, useSendTest, useUpdateEndpoint, type WebhookEndpoint } from '../api/webhooks-api';
import { WebhookDeliveries } from './WebhookDeliveries';
import { DeleteEndpointDialog, EndpointDialog, RotateSecretDialog, SecretDialog } from './WebhookDialogs';

export const NO_ENDPOINTS = 'No webhook endpoints yet.';

type Open =
  | { kind: 'add' }
  | { kind: 'edit'; endpoint: WebhookEndpoint }
  | { kind: 'delete'; endpoint: WebhookEndpoint }
  | { kind: 'rotate'; endpoint: WebhookEndpoint }
  | { kind: 'secret'; secret: string };

function EndpointCard({ endpoint, onOpen }: { endpoint: WebhookEndpoint; onOpen: (open: Open) => void }) {
  const [showLog, setShowLog] = useState(false);
  const sendTest = useSendTest();
  const update = useUpdateEndpoint();
  return (
    <Card className="space-y-3">
      <article aria-label={endpoint.url} className="space-y-3">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0 space-y-1">
            <h3 className="font-mono text-sm font-semibold wrap-anywhere">{endpoint.url}</h3>
            <p className="text-xs text-muted">
              {endpoint.kind === 'slack' ? 'Slack incoming webhook' : 'Signed JSON events'}
              {endpoint.description ? ` · ${endpoint.description}` : ''} · secret {endpoint.secretHint}
            </p>
            <p className="text-xs">
              {endpoint.enabled ? (
                <span className="font-medium text-success">Enabled</span>
              ) : (
                <span className="font-medium text-danger">{endpoint.disabledReason ?? 'Disabled'}</span>
              )}
              {endpoint.enabled && endpoint.failingSince && (
                <span className="text-danger"> · failing since {formatDateTime(endpoint.failingSince)}</span>
              )}
            </p>
            <p className="text-xs text-muted">{endpoint.events.map((event) => EVENT_LABELS[event]).join(', ')}</p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              size="sm"
              disabled={!endpoint.enabled}
              loading={sendTest.isPending}
              onClick={() => sendTest.mutate(endpoint.id)}
            >
              Send test event
            </Button>
            <Button variant="secondary" size="sm" onClick={() => onOpen({ kind: 'edit', endpoint })}>
              Edit
            </Button>
            <Button
              variant="secondary"
              size="sm"
              loading={update.isPending}
              onClick={() => update.mutate({ id: endpoint.id, change: { enabled: !endpoint.enabled } })}
            >
              {endpoint.enabled ? 'Disable' : 'Enable'}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => onOpen({ kind: 'rotate', endpoint })}>
              Rotate secret
            </Button>
            <Button variant="ghost" size="sm" onClick={() => onOpen({ kind: 'delete', endpoint })}>
              Delete
            </Button>
          </div>
        </div>
        <Button variant="ghost" size="sm" aria-expanded={showLog} onClick={() => setShowLog((shown) => !shown)}>
          {showLog ? 'Hide deliveries' : 'Show deliveries'}
        </Button>
        {showLog && <WebhookDeliveries endpointId={endpoint.id} />}
      </article>
    </Card>
  );
}

/** Settings, Integrations: the organisation's webhook endpoints, each with its delivery log. */
export function WebhooksSection() {
  const endpoints = useEndpoints();
  const [open, setOpen] = useState<Open | null>(null);
  const close = () => setOpen(null);
  const list = endpoints.data?.endpoints ?? [];
  return (
    <section aria-labelledby="webhooks-heading" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="webhooks-heading" className="text-lg font-semibold">
            Webhooks
          </h2>
          <p className="text-sm text-muted">
            Storyhive tells your systems (or a Slack channel) when answers arrive, videos are published and more. Each
            delivery is signed, and retried for 24 hours until it is received.
          </p>
        </div>
        <Button onClick={() => setOpen({ kind: 'add' })} disabled={!endpoints.data}>
          Add endpoint
        </Button>
      </div>
      {endpoints.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner />
        </div>
      ) : endpoints.isError ? (
        <Card>
          <p className="text-sm text-danger">The webhook endpoints could not be loaded.</p>
        </Card>
      ) : list.length === 0 ? (
        <Card>
          <p className="py-6 text-center text-muted">{NO_ENDPOINTS}</p>
        </Card>
      ) : (
        <div className="space-y-4">
          {list.map((endpoint) => (
            <EndpointCard key={endpoint.id} endpoint={endpoint} onOpen={setOpen} />
          ))}
        </div>
      )}
      {(open?.kind === 'add' || open?.kind === 'edit') && (
        <EndpointDialog
          endpoint={open.kind === 'edit' ? open.endpoint : undefined}
          eventTypes={endpoints.data?.eventTypes ?? []}
          onClose={close}
          onCreated={(secret) => setOpen({ kind: 'secret', secret })}
        />
      )}
      {open?.kind === 'delete' && <DeleteEndpointDialog endpoint={open.endpoint} onClose={close} />}
      {open?.kind === 'rotate' && (
        <RotateSecretDialog
          endpoint={open.endpoint}
          onClose={close}
          onRotated={(secret) => setOpen({ kind: 'secret', secret })}
        />
      )}
      {open?.kind === 'secret' && <SecretDialog secret={open.secret} onClose={close} />}
    </section>
  );
}
