import { useMutation } from '@tanstack/react-query';
import { call, publicApi } from '@/lib/api/client';

type EmailPassword = { email: string; password: string };

export function login(body: EmailPassword) {
  return call(publicApi.POST('/auth/login', { body }));
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
