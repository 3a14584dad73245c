import { z } from 'zod';

/** Spec section 5: title required, at most 250 characters (the API's words). */
export const TITLE_MAX = 250;
export const VALUE_MAX = 250;
/** The API keeps at most 30 guidelines under one title. */
export const MAX_VALUES = 30;

export const titleSchema = z
  .string()
  .trim()
  .min(1, 'Title is a required field')
  .max(TITLE_MAX, `Title must be at most ${TITLE_MAX} characters`);

export const valueSchema = z
  .string()
  .trim()
  .min(1, 'Guideline is a required field')
  .max(VALUE_MAX, `Guideline must be at most ${VALUE_MAX} characters`);

/** A new title with its first guidelines (blank lines are left out). */
export const newGuidelineSchema = z.object({
  title: titleSchema,
  values: z
    .array(z.object({ value: z.string().trim().max(VALUE_MAX, `Guideline must be at most ${VALUE_MAX} characters`) }))
    .max(MAX_VALUES, `A title can hold at most ${MAX_VALUES} guidelines`),
});
export type NewGuidelineValues = z.input<typeof newGuidelineSchema>;

export const titleFormSchema = z.object({ title: titleSchema });
export type TitleFormValues = z.input<typeof titleFormSchema>;

export const valueFormSchema = z.object({ value: valueSchema });
export type ValueFormValues = z.input<typeof valueFormSchema>;
