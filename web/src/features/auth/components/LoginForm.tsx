import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ADMIN_LOGIN_ROLES, landingPath } from '@/config/access';
import { paths } from '@/config/paths';
import { AuthHeading } from '@/components/layouts/AuthLayout';
import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Field';
import { ApiError } from '@/lib/api/errors';
import { fetchCurrentUser, roleOf, signOutQuietly } from '@/lib/auth';
import { saveToken } from '@/lib/storage';
import { useSessionStore } from '@/stores/session-store';
import { toast } from '@/stores/toast-store';
import { login, verifyEmail } from '../api/auth-api';
import { loginResolver, type LoginValues } from '../rules';

export const SUPER_ADMIN_ON_STAFF_LOGIN =
  'Super admins sign in on the main sign-in page. Please use that page instead.';

type Props = {
  /** 'main': /login, every staff role. 'staff': /admin-login, admin, creator and coordinator only. */
  variant: 'main' | 'staff';
};

/** Calls POST /user/verifyUser for a ?verifyToken= link once, toasts the answer and drops the parameter. */
function useVerifyTokenFromLink() {
  const [searchParams, setSearchParams] = useSearchParams();
  const token = searchParams.get('verifyToken');
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (!token || handled.current === token) return;
    handled.current = token;
    verifyEmail(token)
      .then((res) => toast.success(res.message))
      .catch(() => {
        /* the error was toasted by the API client */
      })
      .finally(() => {
        setSearchParams(
          (prev) => {
            const next = new URLSearchParams(prev);
            next.delete('verifyToken');
            return next;
          },
          { replace: true },
        );
      });
  }, [token, setSearchParams]);
}

export function LoginForm({ variant }: Props) {
  useVerifyTokenFromLink();
  const navigate = useNavigate();
  const setUser = useSessionStore((s) => s.setUser);
  const [refused, setRefused] = useState(false);

  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({ resolver: loginResolver, defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setRefused(false);
    try {
      // On /admin-login the server refuses a super admin itself (no session is opened).
      const { accessToken, tenantId } = await login({
        email: values.email.trim().toLowerCase(),
        password: values.password,
        staffLogin: variant === 'staff',
      });
      saveToken(accessToken, tenantId);
      const user = await fetchCurrentUser();
      const role = roleOf(user);
      if (!role) {
        await signOutQuietly();
        toast.error('Something went wrong');
        return;
      }
      if (variant === 'staff' && !ADMIN_LOGIN_ROLES.includes(role)) {
        await signOutQuietly();
        setRefused(true);
        toast.error(SUPER_ADMIN_ON_STAFF_LOGIN);
        return;
      }
      setUser(user);
      navigate(landingPath(role), { replace: true });
    } catch (error) {
      // The API client toasted the message; the staff page also says where to go instead.
      if (error instanceof ApiError && error.message === SUPER_ADMIN_ON_STAFF_LOGIN) setRefused(true);
    }
  });

  return (
    <>
      <AuthHeading
        title={variant === 'staff' ? 'Staff sign in' : 'Sign in to Storyhive'}
        subtitle={
          variant === 'staff'
            ? 'For admins, creators and coordinators of an organisation.'
            : 'Collect and shape the video stories of your organisation.'
        }
      />
      {refused && (
        <div role="alert" className="mb-4 rounded-lg border border-danger/40 bg-danger-soft p-3 text-sm">
          {SUPER_ADMIN_ON_STAFF_LOGIN}{' '}
          <Link to={paths.login} className="font-medium text-primary underline">
            Go to the main sign-in page
          </Link>
        </div>
      )}
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <Input label="Work email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        <Input
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <div className="flex justify-end">
          <Link to={paths.forgotPassword} className="text-sm font-medium text-primary hover:underline">
            Forgot password?
          </Link>
        </div>
        <Button type="submit" fullWidth size="lg" loading={isSubmitting}>
          Sign in
        </Button>
      </form>
      <div className="mt-6 space-y-2 text-center text-sm text-muted">
        {variant === 'main' ? (
          <>
            <p>
              New to Storyhive?{' '}
              <Link to={paths.signUp} className="font-medium text-primary hover:underline">
                Create an account
              </Link>
            </p>
            <p>
              Invited as an admin, creator or coordinator?{' '}
              <Link to={paths.adminLogin} className="font-medium text-primary hover:underline">
                Staff sign in
              </Link>
            </p>
          </>
        ) : (
          <p>
            Super admin?{' '}
            <Link to={paths.login} className="font-medium text-primary hover:underline">
              Use the main sign-in page
            </Link>
          </p>
        )}
      </div>
    </>
  );
}
