import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '@/lib/api/client';
import type { components } from '@/types/schema';

export type StaffUser = components['schemas']['UserListItem'];
export type UserPage = components['schemas']['UserPage'];
export type AssignableRole = 'superAdmin' | 'admin' | 'creator' | 'coordinator';
/** The list's filters (spec section 2): all staff, one staff role, or the collaborators. */
export type RoleFilter = '' | AssignableRole | 'contributor';

/** Spec section 9: page size 10. */
export const PAGE_SIZE = 10;

export const MESSAGES = {
  invited: 'User invited successfully',
  reinvited: 'Invitation sent again successfully',
  roleUpdated: 'User role updated successfully',
  suspended: 'User suspended successfully',
  resumed: 'User resumed successfully',
  deleted: 'User deleted successfully',
} as const;

const listKey = (filter: RoleFilter, cursor: string | null) => ['users', filter, cursor] as const;

/** One page of the user list, from the page's start cursor (null: the first page). */
export function useUserList(filter: RoleFilter, cursor: string | null) {
  return useQuery({
    queryKey: listKey(filter, cursor),
    queryFn: ({ signal }) =>
      call(
        api.GET('/user/getAllUsers', {
          params: { query: { rolewise: filter || undefined, cursor: cursor ?? undefined, limit: PAGE_SIZE } },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export type InviteInput = { email: string; role: AssignableRole; firstName: string | null; lastName: string | null };

export function useInviteUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteInput) => call(api.POST('/user/invite', { body })),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['users'] }),
  });
}

export function useUpdateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role, status }: { id: string; role?: AssignableRole; status?: 'Activated' | 'Suspended' }) =>
      call(
        api.PUT('/user/update/{id}', {
          params: { path: { id } },
          body: { role: role ?? null, status: status ?? null },
        }),
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['users'] }),
  });
}

export function useDeleteUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(api.DELETE('/user/delete/{id}', { params: { path: { id } } })),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['users'] }),
  });
}
