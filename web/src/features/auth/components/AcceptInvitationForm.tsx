import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { landingPath, ROLE_LABELS } from '@/config/access';
import { paths } from '@/config/paths';
import { AuthHeading } from '@/components/layouts/AuthLayout';
import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Field';
import { Spinner } from '@/components/ui/Spinner';
import { ApiError, errorMessageOf, fieldErrorsOf } from '@/lib/api/errors';
import { fetchCurrentUser, roleOf } from '@/lib/auth';
import { clearSession } from '@/lib/session';
import { saveToken } from '@/lib/storage';
import { useSessionStore } from '@/stores/session-store';
import { toast } from '@/stores/toast-store';
import { checkInvitation, useAcceptInvitation } from '../api/auth-api';
import { acceptInvitationSchema, type AcceptInvitationValues } from '../schemas';

const FIELDS = ['firstName', 'lastName', 'password', 'confirmPassword'] as const;

/**
 * The page an invitation e-mail opens (/accept-invitation?token=...): shows who is invited to
 * which organisation, takes names and a password, and signs the new member in. An invalid,
 * used, replaced or expired link says so instead of showing the form.
 */
export function AcceptInvitationForm() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const invitation = useQuery({
    queryKey: ['invitation', token],
    queryFn: () => checkInvitation(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });

  if (!token) return <Refused message="This invitation link is invalid or has already been used." />;
  if (invitation.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label="Checking your invitation" />
      </div>
    );
  }
  if (invitation.isError) return <Refused message={errorMessageOf(invitation.error)} />;
  return <Form token={token} invitation={invitation.data} />;
}

function Refused({ message }: { message: string }) {
  return (
    <>
      <AuthHeading title="Invitation" subtitle="Joining your team on Storyhive." />
      <div role="alert" className="rounded-lg border border-danger/40 bg-danger-soft p-3 text-sm">
        {message}
      </div>
      <p className="mt-6 text-center text-sm text-muted">
        Already have an account?{' '}
        <Link to={paths.adminLogin} className="font-medium text-primary hover:underline">
          Sign in
        </Link>
      </p>
    </>
  );
}

type Invitation = Awaited<ReturnType<typeof checkInvitation>>;

function Form({ token, invitation }: { token: string; invitation: Invitation }) {
  const navigate = useNavigate();
  const setUser = useSessionStore((s) => s.setUser);
  const accept = useAcceptInvitation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AcceptInvitationValues>({
    resolver: zodResolver(acceptInvitationSchema),
    defaultValues: {
      firstName: invitation.firstName ?? '',
      lastName: invitation.lastName ?? '',
      password: '',
      confirmPassword: '',
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { accessToken, tenantId } = await accept.mutateAsync({
        token,
        password: values.password,
        confirmPassword: values.confirmPassword,
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
      });
      // Someone else may be signed in on this browser: nothing of theirs stays.
      clearSession();
      saveToken(accessToken, tenantId);
      const user = await fetchCurrentUser();
      const role = roleOf(user);
      setUser(user);
      toast.success('Your account is ready. Welcome to Storyhive!');
      navigate(role ? landingPath(role) : paths.login, { replace: true });
    } catch (error) {
      if (error instanceof ApiError) {
        for (const item of fieldErrorsOf(error.body)) {
          const field = FIELDS.find((f) => f === item.field);
          if (field) setError(field, { message: item.message });
        }
      }
    }
  });

  const role = invitation.role.name;
  const roleLabel = role in ROLE_LABELS ? ROLE_LABELS[role as keyof typeof ROLE_LABELS] : role;
  return (
    <>
      <AuthHeading
        title="Join your team"
        subtitle={`${invitation.companyName ?? 'Your organisation'} invites ${invitation.email} as ${roleLabel}. Choose your password to activate your account.`}
      />
      <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Accept the invitation">
        <div className="grid gap-3 sm:grid-cols-2">
          <Input label="First name" autoComplete="given-name" error={errors.firstName?.message} {...register('firstName')} />
          <Input label="Last name" autoComplete="family-name" error={errors.lastName?.message} {...register('lastName')} />
        </div>
        <Input
          label="Password"
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <Input
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <Button type="submit" fullWidth size="lg" loading={isSubmitting}>
          Activate my account
        </Button>
      </form>
    </>
  );
}
