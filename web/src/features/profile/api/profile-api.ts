import { useMutation, useQuery } from '@tanstack/react-query';
import { api, call, publicApi } from '@/lib/api/client';
import type { StaffRole } from '@/config/access';
import type { UpdateProfileBody } from '@/types/api';
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

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string; confirmPassword: string }) =>
      call(api.PUT('/user/me/password', { body })),
    onSuccess: (res) => toast.success(res.message),
  });
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: (body: { email: string; password: string }) => call(api.DELETE('/user/me', { body })),
  });
}

/** The organisation's departments (the same list and cache key as company set-up's). */
export function useDepartmentOptions(tenantId: string | undefined) {
  return useQuery({
    queryKey: ['departments', tenantId ?? ''],
    queryFn: () =>
      call(publicApi.GET('/departments/{tenantId}/all-departments', { params: { path: { tenantId: tenantId ?? '' } } })),
    enabled: !!tenantId,
  });
}

export const DEPARTMENT_INVALID = 'Please select the valid department';

/** Spec section 6: what a department picker says when the organisation has none. */
export function noDepartmentsMessage(role: StaffRole | null): string {
  return role === 'superAdmin' ? 'You can generate this list in the company settings' : 'Please contact the super admin';
}
