import { useMutation, useQuery } from '@tanstack/react-query';
import { api, call, publicApi } from '@/lib/api/client';
import type { UpdateProfileBody } from '@/lib/api/types';
import { useSessionStore } from '@/stores/session-store';
import { toast } from '@/stores/toast-store';

export const PROFILE_UPDATED = 'Profile updated successfully';

export function useCountries() {
  return useQuery({
    queryKey: ['countries'],
    queryFn: () => call(publicApi.GET('/user/getCountryList')),
    staleTime: Infinity,
  });
}

export function useUpdateProfile() {
  const setUser = useSessionStore((s) => s.setUser);
  return useMutation({
    mutationFn: (body: UpdateProfileBody) => call(api.PUT('/user/me/update', { body })),
    onSuccess: (user) => {
      setUser(user);
      toast.success(PROFILE_UPDATED);
    },
  });
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: (email: string) => call(api.DELETE('/user/me', { body: { email } })),
  });
}
