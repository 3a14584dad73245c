import { useMutation } from '@tanstack/react-query';
import { call, publicApi, type CallOptions } from '@/lib/api/client';

type EmailPassword = { email: string; password: string };

/** `staffLogin`: signing in on /admin-login, where the server refuses super admins. */
export function login(body: EmailPassword & { staffLogin?: boolean }, options?: CallOptions) {
  return call(publicApi.POST('/auth/login', { body: { ...body, staffLogin: body.staffLogin ?? false } }), options);
}

export function checkInvitation(token: string) {
  return call(publicApi.POST('/user/checkInvitation', { body: { token } }), { toast: false });
}

export type AcceptInvitationBody = {
  token: string;
  password: string;
  confirmPassword: string;
  firstName: string | null;
  lastName: string | null;
};

export function useAcceptInvitation() {
  return useMutation({
    mutationFn: (body: AcceptInvitationBody) => call(publicApi.POST('/user/acceptInvitation', { body })),
  });
}

export function useRegister() {
  return useMutation({ mutationFn: (body: EmailPassword) => call(publicApi.POST('/user/register', { body })) });
}

export function verifyEmail(token: string) {
  return call(publicApi.POST('/user/verifyUser', { body: { token } }));
}

export function useResendVerification() {
  return useMutation({
    mutationFn: (email: string) => call(publicApi.POST('/user/resendVerificationEmail', { body: { email } })),
  });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: (email: string) => call(publicApi.POST('/user/forgotPassword', { body: { email } })) });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: { email: string; password: string; token: string }) =>
      call(publicApi.POST('/user/resetPassword', { body })),
  });
}
