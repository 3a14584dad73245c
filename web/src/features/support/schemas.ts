import { z } from 'zod';

/** Spec section 2: the help request categories. */
export const HELP_CATEGORIES = ['Technical Support', 'Feature Request', 'Other'] as const;
export const MESSAGE_MAX = 5000;

/** Spec section 5: message (and category or campaign) required; the message names the one field the form has (the spec's "role type" is no field here). */
const message = z
  .string()
  .trim()
  .min(1, 'Please write your message')
  .max(MESSAGE_MAX, `Message must be at most ${MESSAGE_MAX} characters`);

export const helpSchema = z.object({
  category: z.union([z.enum(HELP_CATEGORIES), z.literal('')]).refine((v) => v !== '', 'Category is a required field'),
  message,
});
export type HelpValues = z.input<typeof helpSchema>;

export const editorRequestSchema = z.object({
  campaignId: z.string().min(1, 'Campaign is a required field'),
  message,
});
export type EditorRequestValues = z.input<typeof editorRequestSchema>;
