import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Field';
import { ApiError, fieldErrorsOf } from '@/lib/api/errors';
import { useInviteContributor } from '../../api/contributors';
import { inviteContributorSchema, type InviteContributorValues } from '../../schemas';

const EMPTY: InviteContributorValues = { firstName: '', lastName: '', email: '' };
const FIELDS = ['firstName', 'lastName', 'email'] as const;

/** Invites a collaborator by e-mail; the server's message is toasted (e.g. the live-now one). */
export function InviteContributorForm({ campaignId }: { campaignId: string }) {
  const invite = useInviteContributor(campaignId);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<InviteContributorValues>({ resolver: zodResolver(inviteContributorSchema), defaultValues: EMPTY });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await invite.mutateAsync({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
      });
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
    </form>
  );
}
