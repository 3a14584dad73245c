import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '@/lib/api/client';
import type { paths } from '@/types/schema';
import { toast } from '@/stores/toast-store';

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
export type EndpointList = Json<paths['/webhooks/endpoints']['get']['responses'][200]>;
export type WebhookEndpoint = EndpointList['endpoints'][number];
export type EventType = EndpointList['eventTypes'][number];
export type EndpointWithSecret = Json<paths['/webhooks/endpoints']['post']['responses'][201]>;
export type DeliveryPage = Json<paths['/webhooks/endpoints/{endpointId}/deliveries']['get']['responses'][200]>;
export type WebhookDelivery = DeliveryPage['items'][number];
export type NewEndpoint = { url: string; kind: 'standard' | 'slack'; description: string; events: EventType[] };
export type EndpointChange = { url?: string; description?: string; events?: EventType[]; enabled?: boolean };

export const WEBHOOK_MESSAGES = {
  updated: 'Webhook endpoint updated',
  deleted: 'Webhook endpoint deleted',
  testSent: 'Test event sent: its delivery shows in the log in a few seconds',
  redelivered: 'Redelivery queued',
} as const;

/** What each event means, in the staff app's words. */
export const EVENT_LABELS: Record<EventType, string> = {
  'answer.stored': 'Answer stored',
  'answer.ready': 'Answer ready (transcribed)',
  'collaborator.submitted': 'Collaborator submitted',
  'video.rendered': 'Video rendered',
  'video.published': 'Video published',
  'video.unpublished': 'Video unpublished',
  'consent.withdrawn': 'Consent withdrawn',
  'webhook.test': 'Test event',
};

const key = ['webhooks'] as const;

export function useEndpoints() {
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => call(api.GET('/webhooks/endpoints', { signal })),
  });
}

/** An endpoint's delivery log, newest first, 10 a page. */
export function useDeliveries(endpointId: string) {
  return useInfiniteQuery({
    queryKey: [...key, endpointId, 'deliveries'],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      call(
        api.GET('/webhooks/endpoints/{endpointId}/deliveries', {
          params: { path: { endpointId }, query: pageParam ? { cursor: pageParam } : {} },
          signal,
        }),
      ),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

function useWebhookMutation<T, R>(run: (input: T) => Promise<R>, message?: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => {
      if (message) toast.success(message);
      return qc.invalidateQueries({ queryKey: key });
    },
  });
}

/** Adds an endpoint; the answer holds its secret, shown once. */
export function useCreateEndpoint() {
  return useWebhookMutation((body: NewEndpoint) => call(api.POST('/webhooks/endpoints', { body })));
}

export function useUpdateEndpoint() {
  return useWebhookMutation(
    ({ id, change }: { id: string; change: EndpointChange }) =>
      call(
        api.PUT('/webhooks/endpoints/{endpointId}', {
          params: { path: { endpointId: id } },
          // What is not changed is sent as null (kept as it is).
          body: {
            url: change.url ?? null,
            description: change.description ?? null,
            events: change.events ?? null,
            enabled: change.enabled ?? null,
          },
        }),
      ),
    WEBHOOK_MESSAGES.updated,
  );
}

export function useDeleteEndpoint() {
  return useWebhookMutation(
    (id: string) => call(api.DELETE('/webhooks/endpoints/{endpointId}', { params: { path: { endpointId: id } } })),
    WEBHOOK_MESSAGES.deleted,
  );
}

/** A new secret; the answer holds it, shown once. */
export function useRotateSecret() {
  return useWebhookMutation((id: string) =>
    call(api.POST('/webhooks/endpoints/{endpointId}/rotate-secret', { params: { path: { endpointId: id } } })),
  );
}

export function useSendTest() {
  return useWebhookMutation(
    (id: string) => call(api.POST('/webhooks/endpoints/{endpointId}/test', { params: { path: { endpointId: id } } })),
    WEBHOOK_MESSAGES.testSent,
  );
}

export function useRedeliver() {
  return useWebhookMutation(
    ({ endpointId, eventId }: { endpointId: string; eventId: string }) =>
      call(
        api.POST('/webhooks/endpoints/{endpointId}/deliveries/{eventId}/redeliver', {
          params: { path: { endpointId, eventId } },
        }),
      ),
    WEBHOOK_MESSAGES.redelivered,
  );
}
