import { z } from 'zod';

/** The API's limits and words (functions/webhooks, shared/src/webhooks.rs). */
export const URL_MAX = 2000;
export const DESCRIPTION_MAX = 200;
export const URL_REQUIRED = "Enter the endpoint's address.";
export const URL_NOT_HTTPS = 'The address must start with https://.';
export const EVENTS_REQUIRED = 'Choose at least one event.';

export const endpointSchema = z.object({
  url: z
    .string()
    .trim()
    .min(1, URL_REQUIRED)
    .max(URL_MAX, `The address is too long (at most ${URL_MAX} characters).`)
    // The API alone decides on addresses it refuses (internal ones; http:// to a test receiver
    // where the deployment allows it): the form only asks for a web address.
    .refine((url) => /^https?:\/\//i.test(url), URL_NOT_HTTPS),
  kind: z.enum(['standard', 'slack']),
  description: z.string().trim().max(DESCRIPTION_MAX, `The description is too long (at most ${DESCRIPTION_MAX} characters).`),
  events: z.array(z.string()).min(1, EVENTS_REQUIRED),
});
export type EndpointFormValues = z.input<typeof endpointSchema>;
