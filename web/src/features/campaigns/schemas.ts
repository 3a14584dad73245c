import { z } from 'zod';
import { emailField, nameField } from '@/lib/validation/fields';
import { EMAIL_MESSAGES } from '@/lib/validation/rules';

export const LIMITS = { title: 250, description: 500, initiative: 50, tag: 30, question: 50, minTags: 1, maxTags: 4, editor: 100000 } as const;

export const TAGS_MIN_MESSAGE = 'Tags must be atleast 1 item';
export const TAGS_MAX_MESSAGE = 'Tags must be at most 4 items';

/** As the API checks them (`campaigns::rules::check_reminders`). */
export const REMINDER_MAX_DAYS = 30;
export const REMINDER_AFTER_MESSAGE = 'Remind between 1 and 30 days after the invitation';
export const REMINDER_BEFORE_MESSAGE = 'Remind between 1 and 30 days before the deadline';

export const campaignSchema = z
  .object({
    initiativeId: z.string().min(1, 'Initiative is a required field'),
    title: z
      .string()
      .trim()
      .min(1, 'Title is a required field')
      .max(LIMITS.title, `Title must be at most ${LIMITS.title} characters`),
    description: z
      .string()
      .trim()
      .min(1, 'Description is a required field')
      .max(LIMITS.description, `Description must be at most ${LIMITS.description} characters`),
    type: z.enum(['evergreen', 'targeted'], { error: 'Please select the campaign type' }),
    visibility: z.enum(['public', 'private'], { error: 'Please select the visibility' }),
    mode: z.enum(['landscape', 'portrait'], { error: 'Please select the mode' }),
    language: z.enum(['en', 'es', 'fr', 'de', 'pt', 'ar']),
    deadline: z.string(),
    expiryDate: z.string(),
    tags: z.array(z.string()).min(LIMITS.minTags, TAGS_MIN_MESSAGE).max(LIMITS.maxTags, TAGS_MAX_MESSAGE),
    remindersEnabled: z.boolean(),
    daysAfterInvitation: z
      .number({ error: REMINDER_AFTER_MESSAGE })
      .int(REMINDER_AFTER_MESSAGE)
      .min(1, REMINDER_AFTER_MESSAGE)
      .max(REMINDER_MAX_DAYS, REMINDER_AFTER_MESSAGE),
    daysBeforeDeadline: z
      .number({ error: REMINDER_BEFORE_MESSAGE })
      .int(REMINDER_BEFORE_MESSAGE)
      .min(1, REMINDER_BEFORE_MESSAGE)
      .max(REMINDER_MAX_DAYS, REMINDER_BEFORE_MESSAGE),
  })
  .superRefine((v, ctx) => {
    if (v.type !== 'targeted') return;
    if (!v.deadline) ctx.addIssue({ code: 'custom', path: ['deadline'], message: 'Deadline is required for targeted campaigns' });
    if (!v.expiryDate)
      ctx.addIssue({ code: 'custom', path: ['expiryDate'], message: 'Expiry date is required for targeted campaigns' });
    if (v.deadline && v.expiryDate && v.expiryDate < v.deadline)
      ctx.addIssue({ code: 'custom', path: ['expiryDate'], message: 'Expiry date must be on or after the deadline' });
  });

/** Form values: the radio groups start empty on a new campaign. */
export type CampaignFormValues = {
  initiativeId: string;
  title: string;
  description: string;
  type: '' | 'evergreen' | 'targeted';
  visibility: '' | 'public' | 'private';
  mode: '' | 'landscape' | 'portrait';
  language: 'en' | 'es' | 'fr' | 'de' | 'pt' | 'ar';
  deadline: string;
  expiryDate: string;
  tags: string[];
  remindersEnabled: boolean;
  daysAfterInvitation: number;
  daysBeforeDeadline: number;
};
export type CampaignFormOutput = z.output<typeof campaignSchema>;

export const initiativeNameSchema = z
  .string()
  .trim()
  .min(1, 'Initiative is a required field')
  .max(LIMITS.initiative, `Initiative must be at most ${LIMITS.initiative} characters`);

export const initiativeFormSchema = z.object({ name: initiativeNameSchema });
export type InitiativeFormValues = z.input<typeof initiativeFormSchema>;

export const tagNameSchema = z
  .string()
  .trim()
  .min(1, 'Tag is a required field')
  .max(LIMITS.tag, `Tag must be at most ${LIMITS.tag} characters`);

export const tagFormSchema = z.object({ name: tagNameSchema });
export type TagFormValues = z.input<typeof tagFormSchema>;

export const questionSchema = z.object({
  question: z
    .string()
    .trim()
    .min(1, 'Question is a required field')
    .max(LIMITS.question, `Question must be at most ${LIMITS.question} characters`),
  tips: z.string().trim(),
  /** What the teleprompter shows for this question (the campaign's script when empty). */
  script: z.string().trim().max(LIMITS.editor, 'Maximum character limit reached'),
  /** The longest answer in seconds ('0': no limit); the studio stops there, longer files are refused. */
  timeLimit: z.enum(['0', '30', '60', '120', '300']),
});
export type QuestionValues = z.input<typeof questionSchema>;

/** The answer time limits staff may choose (issue 24), seconds as the form keeps them. */
export const TIME_LIMIT_OPTIONS: { value: QuestionValues['timeLimit']; label: string }[] = [
  { value: '0', label: 'No limit' },
  { value: '30', label: '30 seconds' },
  { value: '60', label: '1 minute' },
  { value: '120', label: '2 minutes' },
  { value: '300', label: '5 minutes' },
];

/** A question's limit as the form shows it. */
export function timeLimitValue(seconds: number | null | undefined): QuestionValues['timeLimit'] {
  return TIME_LIMIT_OPTIONS.find((o) => o.value === String(seconds ?? 0))?.value ?? '0';
}

/** A collaborator's invitation: the app's name and e-mail rules (lib/validation), the API's words. */
export const inviteContributorSchema = z.object({
  firstName: nameField('First name'),
  lastName: nameField('Last name'),
  email: emailField(EMAIL_MESSAGES.required),
});
export type InviteContributorValues = z.input<typeof inviteContributorSchema>;

/** The AI question generator's required fields (spec section 5), as the API checks them. */
const generatorField = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} is a required field`)
    .max(200, `${label} must be at most 200 characters`);

export const questionGeneratorSchema = z.object({
  location: generatorField('Location'),
  keywords: generatorField('Keywords'),
  toneOfVoice: generatorField('Tone of voice'),
  sceneRequest: generatorField('Scene request'),
});

export type QuestionGeneratorValues = z.input<typeof questionGeneratorSchema>;
