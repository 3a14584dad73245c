import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Card } from '@/components/layouts/PageHeader';
import { Button } from '@/components/ui/Button';
import { Checkbox } from '@/components/ui/Checkbox';
import { Input, Select } from '@/components/ui/Field';
import { cn } from '@/utils/cn';
import { campaignSchema, LIMITS, type CampaignFormOutput, type CampaignFormValues } from '../schemas';
import type { Campaign, CampaignInput } from '../types';
import { InitiativePicker } from './InitiativePicker';
import { TagPicker } from './TagPicker';

export function formValuesOf(campaign: Campaign | undefined, initiativeId = ''): CampaignFormValues {
  return {
    initiativeId: campaign?.initiativeId ?? initiativeId,
    title: campaign?.title ?? '',
    description: campaign?.description ?? '',
    type: campaign?.type ?? '',
    visibility: campaign?.visibility ?? '',
    mode: campaign?.mode ?? '',
    language: campaign?.language ?? 'en',
    deadline: campaign?.deadline ?? '',
    expiryDate: campaign?.expiryDate ?? '',
    tags: campaign?.tags.map((t) => t.id) ?? [],
    remindersEnabled: campaign?.reminders.enabled ?? true,
    daysAfterInvitation: campaign?.reminders.daysAfterInvitation ?? 3,
    daysBeforeDeadline: campaign?.reminders.daysBeforeDeadline ?? 2,
  };
}

export function inputOf(values: CampaignFormOutput): CampaignInput {
  return {
    initiativeId: values.initiativeId,
    title: values.title,
    description: values.description,
    type: values.type,
    visibility: values.visibility,
    mode: values.mode,
    language: values.language,
    deadline: values.deadline || null,
    expiryDate: values.expiryDate || null,
    tags: values.tags,
    reminders: {
      enabled: values.remindersEnabled,
      daysAfterInvitation: values.daysAfterInvitation,
      daysBeforeDeadline: values.daysBeforeDeadline,
    },
  };
}

export const REMINDERS_HINT =
  'Collaborators who have not submitted get at most 3 reminders, never after they submit, unsubscribe or are suspended.';

/**
 * What each type and visibility means for collaborators, said where it is chosen. As the API decides
 * it: only an open campaign that is also public lets people sign up themselves (their personal link
 * is e-mailed); a targeted one needs a deadline and an expiry date (the last day answers are taken).
 */
/** The languages collaborators may answer in, by their own names. */
export const CAMPAIGN_LANGUAGES = [
  { value: 'en', label: 'English' },
  { value: 'es', label: 'Español (Spanish)' },
  { value: 'fr', label: 'Français (French)' },
  { value: 'de', label: 'Deutsch (German)' },
  { value: 'pt', label: 'Português (Portuguese)' },
  { value: 'ar', label: 'العربية (Arabic)' },
] as const;

export const LANGUAGE_HINT = 'The language collaborators will speak: their answers are transcribed in it.';

export const CAMPAIGN_CHOICE_HINTS = {
  evergreen: 'No dates needed: collaborators can answer for as long as the campaign is live.',
  targeted: 'Only the people you invite, with a deadline to answer by and an expiry date: the last day answers are taken.',
  public: 'If the campaign is open, anyone can sign up with their name and e-mail and gets their own link by e-mail.',
  private: 'Only the people you invite can take part.',
} as const;

type RadioGroupProps = {
  legend: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string; hint?: string }[];
  error?: string;
};

function RadioGroup({ legend, name, value, onChange, options, error }: RadioGroupProps) {
  const id = useId();
  // Options that explain themselves stack, so each explanation sits under its own choice.
  const explained = options.some((o) => o.hint);
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">{legend}</legend>
      <div className={explained ? 'flex flex-col gap-2' : 'flex flex-wrap gap-2'}>
        {options.map((o) => {
          const hintId = `${id}-${o.value}-hint`;
          return (
            <div
              key={o.value}
              className={cn(
                'rounded-lg border text-sm',
                value === o.value ? 'border-primary bg-primary/10' : 'border-line hover:bg-sunken',
              )}
            >
              <label className="flex cursor-pointer items-center gap-2 px-3 py-2">
                <input
                  type="radio"
                  name={name}
                  value={o.value}
                  checked={value === o.value}
                  onChange={() => onChange(o.value)}
                  aria-describedby={o.hint ? hintId : undefined}
                  className="accent-[var(--sh-primary)]"
                />
                <span>{o.label}</span>
              </label>
              {/* Outside the label: the choice is named by its label alone and described by this. */}
              {o.hint && (
                <p id={hintId} className="px-3 pb-2 text-xs text-muted">
                  {o.hint}
                </p>
              )}
            </div>
          );
        })}
      </div>
      {error && (
        <p role="alert" className="text-xs font-medium text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}

type Props = {
  campaign?: Campaign;
  initialInitiativeId?: string;
  submitLabel: string;
  onSubmit: (input: CampaignInput) => Promise<unknown>;
  onInitiativeDeleted?: (id: string) => void;
  disabled?: boolean;
};

/** Initiative, title, description, type, visibility, mode, dates and tags of a campaign. */
export function CampaignDetailsForm({ campaign, initialInitiativeId, submitLabel, onSubmit, onInitiativeDeleted, disabled }: Props) {
  const {
    register,
    control,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<CampaignFormValues, unknown, CampaignFormOutput>({
    resolver: zodResolver(campaignSchema) as never,
    defaultValues: formValuesOf(campaign, initialInitiativeId),
  });
  const type = watch('type');
  const description = watch('description');

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(inputOf(values));
    } catch {
      /* toasted by the API client */
    }
  });

  return (
    <Card>
      <form noValidate onSubmit={submit} aria-label="Campaign details" className="space-y-5">
        <h2 className="text-lg font-semibold">Details</h2>
        <Controller
          control={control}
          name="initiativeId"
          render={({ field }) => (
            <InitiativePicker
              value={field.value}
              onChange={field.onChange}
              error={errors.initiativeId?.message}
              onDeleted={onInitiativeDeleted}
            />
          )}
        />
        <Input label="Title" error={errors.title?.message} {...register('title')} />
        <div className="space-y-1.5">
          <label htmlFor="campaign-description" className="block text-sm font-medium">
            Description
          </label>
          <textarea
            id="campaign-description"
            rows={3}
            aria-invalid={errors.description ? true : undefined}
            className={cn(
              'block w-full rounded-lg border bg-raised px-3 py-2 text-sm focus:outline-2 focus:outline-ring',
              errors.description ? 'border-danger' : 'border-line',
            )}
            {...register('description')}
          />
          <div className="flex justify-between text-xs">
            <span role={errors.description ? 'alert' : undefined} className="font-medium text-danger">
              {errors.description?.message}
            </span>
            <span className="text-muted">
              {description.length} / {LIMITS.description}
            </span>
          </div>
        </div>
        <div className="grid gap-5 md:grid-cols-3">
          <Controller
            control={control}
            name="type"
            render={({ field }) => (
              <RadioGroup
                legend="Type"
                name="campaign-type"
                value={field.value}
                onChange={field.onChange}
                error={errors.type?.message}
                options={[
                  { value: 'evergreen', label: 'Open', hint: CAMPAIGN_CHOICE_HINTS.evergreen },
                  { value: 'targeted', label: 'Targeted', hint: CAMPAIGN_CHOICE_HINTS.targeted },
                ]}
              />
            )}
          />
          <Controller
            control={control}
            name="visibility"
            render={({ field }) => (
              <RadioGroup
                legend="Visibility"
                name="campaign-visibility"
                value={field.value}
                onChange={field.onChange}
                error={errors.visibility?.message}
                options={[
                  { value: 'public', label: 'Public', hint: CAMPAIGN_CHOICE_HINTS.public },
                  { value: 'private', label: 'Private', hint: CAMPAIGN_CHOICE_HINTS.private },
                ]}
              />
            )}
          />
          <Controller
            control={control}
            name="mode"
            render={({ field }) => (
              <RadioGroup
                legend="Mode"
                name="campaign-mode"
                value={field.value}
                onChange={field.onChange}
                error={errors.mode?.message}
                options={[
                  { value: 'landscape', label: 'Landscape' },
                  { value: 'portrait', label: 'Portrait' },
                ]}
              />
            )}
          />
        </div>
        <Select
          label="Language of the answers"
          hint={LANGUAGE_HINT}
          options={CAMPAIGN_LANGUAGES.map((l) => ({ value: l.value, label: l.label }))}
          {...register('language')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Input
            label={type === 'targeted' ? 'Deadline' : 'Deadline (optional)'}
            type="date"
            error={errors.deadline?.message}
            {...register('deadline')}
          />
          <Input
            label={type === 'targeted' ? 'Expiry date' : 'Expiry date (optional)'}
            type="date"
            error={errors.expiryDate?.message}
            {...register('expiryDate')}
          />
        </div>
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium">Reminders</legend>
          <p className="text-sm text-muted-foreground">{REMINDERS_HINT}</p>
          <label className="flex items-center gap-3 text-sm">
            <Checkbox {...register('remindersEnabled')} />
            Send reminders
          </label>
          <div className="grid gap-4 sm:grid-cols-2">
            <Input
              label="Days after the invitation"
              type="number"
              min={1}
              max={30}
              error={errors.daysAfterInvitation?.message}
              {...register('daysAfterInvitation', { valueAsNumber: true })}
            />
            {type === 'targeted' && (
              <Input
                label="Days before the deadline"
                type="number"
                min={1}
                max={30}
                error={errors.daysBeforeDeadline?.message}
                {...register('daysBeforeDeadline', { valueAsNumber: true })}
              />
            )}
          </div>
        </fieldset>
        <Controller
          control={control}
          name="tags"
          render={({ field }) => <TagPicker value={field.value} onChange={field.onChange} error={errors.tags?.message} />}
        />
        <div className="flex justify-end">
          <Button type="submit" loading={isSubmitting} disabled={disabled}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Card>
  );
}
