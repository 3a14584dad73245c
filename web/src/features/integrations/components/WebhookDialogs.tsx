import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, type UseFormSetError } from 'react-hook-form';
import { Button } from '@/components/ui/Button';
import { Checkbox } from '@/components/ui/Checkbox';
import { ConfirmButton } from '@/components/ui/ConfirmButton';
import { CopyField } from '@/components/ui/CopyField';
import { Dialog } from '@/components/ui/Dialog';
import { Input, Select } from '@/components/ui/Field';
import { ApiError, fieldErrorsOf } from '@/lib/api/errors';
import {
  EVENT_LABELS,
  useCreateEndpoint,
  useDeleteEndpoint,
  useRotateSecret,
  useUpdateEndpoint,
  type EventType,
  type WebhookEndpoint,
} from '../api/webhooks-api';
import { endpointSchema, type EndpointFormValues } from '../webhook-schemas';

const KINDS = [
  { value: 'standard', label: 'Signed JSON events' },
  { value: 'slack', label: 'Slack incoming webhook' },
];

/** The API's field errors shown on the form's fields (its toast says the first one too). */
function showFieldErrors(error: unknown, setError: UseFormSetError<EndpointFormValues>) {
  if (!(error instanceof ApiError)) return;
  for (const { field, message } of fieldErrorsOf(error.body)) {
    if (field === 'url' || field === 'events' || field === 'description' || field === 'kind') setError(field, { message });
  }
}

/** Add an endpoint, or change one (`endpoint`): its address, kind, description and events. */
export function EndpointDialog({
  endpoint,
  eventTypes,
  onClose,
  onCreated,
}: {
  endpoint?: WebhookEndpoint;
  eventTypes: readonly EventType[];
  onClose: () => void;
  onCreated: (secret: string, endpoint: WebhookEndpoint) => void;
}) {
  const formId = useId();
  const create = useCreateEndpoint();
  const update = useUpdateEndpoint();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<EndpointFormValues>({
    resolver: zodResolver(endpointSchema),
    defaultValues: {
      url: endpoint?.url ?? '',
      kind: endpoint?.kind ?? 'standard',
      description: endpoint?.description ?? '',
      events: endpoint?.events ?? [],
    },
  });
  const submit = handleSubmit(async (values) => {
    const events = values.events as EventType[];
    try {
      if (endpoint) {
        await update.mutateAsync({
          id: endpoint.id,
          change: { url: values.url.trim(), description: values.description.trim(), events },
        });
        onClose();
      } else {
        const made = await create.mutateAsync({
          url: values.url.trim(),
          kind: values.kind,
          description: values.description.trim(),
          events,
        });
        onCreated(made.secret, made.endpoint);
      }
    } catch (error) {
      showFieldErrors(error, setError);
    }
  });
  return (
    <Dialog
      open
      title={endpoint ? 'Edit webhook endpoint' : 'Add webhook endpoint'}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={create.isPending || update.isPending}>
            {endpoint ? 'Save' : 'Add endpoint'}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Input
          label="Address"
          placeholder="https://example.com/storyhive-events"
          autoFocus
          error={errors.url?.message}
          hint="Storyhive sends events there with an HTTPS POST, signed (Standard Webhooks)."
          {...register('url')}
        />
        <Select
          label="Kind"
          disabled={Boolean(endpoint)}
          error={errors.kind?.message}
          options={KINDS}
          {...register('kind')}
        />
        <Input label="Description (optional)" error={errors.description?.message} {...register('description')} />
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium text-fg">Events</legend>
          <div className="grid gap-x-4 sm:grid-cols-2">
            {eventTypes.map((type) => (
              <label key={type} className="flex items-center gap-3 py-1 text-sm">
                <Checkbox value={type} {...register('events')} />
                {EVENT_LABELS[type]}
              </label>
            ))}
          </div>
          {errors.events?.message && (
            <p role="alert" className="text-xs font-medium text-danger">
              {errors.events.message}
            </p>
          )}
        </fieldset>
      </form>
    </Dialog>
  );
}

/** A signing secret, shown this once. */
export function SecretDialog({ secret, onClose }: { secret: string; onClose: () => void }) {
  return (
    <Dialog open title="Signing secret" onClose={onClose} footer={<Button onClick={onClose}>Done</Button>}>
      <div className="space-y-3 text-sm">
        <p>
          Verify each delivery's <code>webhook-signature</code> header with this secret. It is shown only now: copy it
          to where your receiver keeps its settings.
        </p>
        <CopyField label="Secret" value={secret} what="Secret" />
      </div>
    </Dialog>
  );
}

/** Deleting an endpoint: nothing more is sent to it. The confirm button locks after a click. */
export function DeleteEndpointDialog({ endpoint, onClose }: { endpoint: WebhookEndpoint; onClose: () => void }) {
  const remove = useDeleteEndpoint();
  const confirm = async () => {
    try {
      await remove.mutateAsync(endpoint.id);
      onClose();
    } catch {
      /* toasted by the API client */
    }
  };
  return (
    <Dialog
      open
      title="Delete webhook endpoint"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <ConfirmButton variant="danger" loading={remove.isPending} onClick={() => void confirm()}>
            Delete
          </ConfirmButton>
        </>
      }
    >
      <p className="text-sm">
        Storyhive stops sending events to <strong className="wrap-anywhere">{endpoint.url}</strong>. Its delivery log goes
        with it.
      </p>
    </Dialog>
  );
}

/** Rotating the secret: the old one keeps signing for 24 hours. The confirm button locks after a click. */
export function RotateSecretDialog({
  endpoint,
  onClose,
  onRotated,
}: {
  endpoint: WebhookEndpoint;
  onClose: () => void;
  onRotated: (secret: string) => void;
}) {
  const rotate = useRotateSecret();
  const confirm = async () => {
    try {
      const rotated = await rotate.mutateAsync(endpoint.id);
      onRotated(rotated.secret);
    } catch {
      /* toasted by the API client */
    }
  };
  return (
    <Dialog
      open
      title="Rotate signing secret"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <ConfirmButton variant="danger" loading={rotate.isPending} onClick={() => void confirm()}>
            Rotate secret
          </ConfirmButton>
        </>
      }
    >
      <p className="text-sm">
        A new secret signs every delivery from now on. The current one signs them too for 24 hours (a second signature),
        so your receiver can switch without missing an event.
      </p>
    </Dialog>
  );
}
