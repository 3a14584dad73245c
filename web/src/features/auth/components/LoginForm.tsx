import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { landingPath } from '@/config/access';
import { paths } from '@/config/paths';
import { AuthHeading } from '@/components/layouts/AuthLayout';
import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Field';
import { fetchCurrentUser, roleOf, signOutQuietly } from '@/lib/auth';
import { saveToken } from '@/lib/storage';
import { useSessionStore } from '@/stores/session-store';
import { toast } from '@/stores/toast-store';
import { login, verifyEmail } from '../api/auth-api';
import { loginResolver, type LoginValues } from '../rules';

type Props = {
  /** 'main': /login; 'staff': /admin-login. Both sign in every staff role (one sign-in). */
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

  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({ resolver: loginResolver, defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
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
      setUser(user);
      navigate(landingPath(role), { replace: true });
    } catch {
      // The API client toasted the message.
    }
  });

  return (
    <>
      <AuthHeading
        title={variant === 'staff' ? 'Staff sign in' : 'Sign in to Storyhive'}
        subtitle={
          variant === 'staff'
            ? 'For the staff of an organisation: super admins, admins, creators and coordinators.'
            : 'Collect and shape the video stories of your organisation.'
        }
      />
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
