import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Field';
import { ApiError, fieldErrorsOf } from '@/lib/api/errors';
import { useInviteContributor } from '../../api/contributors';
import { inviteContributorSchema, type InviteContributorValues } from '../../schemas';
import { displayName } from './ContributorRow';
import { OneTimeLink } from './OneTimeLink';

const EMPTY: InviteContributorValues = { firstName: '', lastName: '', email: '' };
const FIELDS = ['firstName', 'lastName', 'email'] as const;

type Created = { name: string; email: string; link: string; mailed: boolean };

/**
 * Invites a collaborator by e-mail; the server's message is toasted (e.g. the live-now one). The new
 * personal link is shown once, with a "Copy link" button: only the invitation's answer carries it.
 */
export function InviteContributorForm({ campaignId }: { campaignId: string }) {
  const invite = useInviteContributor(campaignId);
  const [created, setCreated] = useState<Created | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<InviteContributorValues>({ resolver: zodResolver(inviteContributorSchema), defaultValues: EMPTY });

  const onSubmit = handleSubmit(async (values) => {
    setCreated(null);
    try {
      const res = await invite.mutateAsync({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
      });
      const link = res.contributor.inviteLink;
      if (link) setCreated({ name: displayName(res.contributor), email: res.contributor.email, link, mailed: res.mailed });
      reset(EMPTY);
    } catch (error) {
      // Toasted by the API client (the body's detail); the body's field errors also go under their field.
      if (error instanceof ApiError) {
        const seen = new Set<string>();
        for (const item of fieldErrorsOf(error.body)) {
          const field = FIELDS.find((f) => f === item.field);
          if (!field || seen.has(field)) continue;
          seen.add(field);
          setError(field, { message: item.message });
        }
      }
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Invite a collaborator" className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-3">
        <Input label="First name" autoComplete="off" error={errors.firstName?.message} {...register('firstName')} />
        <Input label="Last name" autoComplete="off" error={errors.lastName?.message} {...register('lastName')} />
        <Input label="Email" type="email" autoComplete="off" error={errors.email?.message} {...register('email')} />
      </div>
      <div className="flex justify-end">
        <Button type="submit" loading={isSubmitting}>
          Invite collaborator
        </Button>
      </div>
      {created && (
        <div role="status" className="space-y-2 rounded-lg border border-line bg-sunken p-3 text-sm">
          {created.mailed ? (
            <p>
              <strong>{created.name}</strong> was e-mailed their personal link ({created.email}). It is shown only this once:
              copy it now if you want to send it another way.
            </p>
          ) : (
            <p data-testid="invite-not-mailed">
              <strong>{created.name}</strong> unsubscribed from your organisation&apos;s e-mails, so no e-mail was sent. Share
              their personal link with them yourself: it is shown only this once.
            </p>
          )}
          <OneTimeLink link={created.link} label={`Invitation link of ${created.name}`} onDone={() => setCreated(null)} />
        </div>
      )}
    </form>
  );
}
