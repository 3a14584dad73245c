import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '@/lib/api/client';
import { toast } from '@/stores/toast-store';
import type { Tag } from '../types';

export const TAG_MESSAGES = { created: 'Tag created successfully', deleted: 'Tag deleted successfully' } as const;

const key = ['tags'] as const;

export function useTags() {
  return useQuery({ queryKey: key, queryFn: () => call(api.GET('/tags/all-tags')) });
}

export function useCreateTag() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => call(api.POST('/tags/add', { body: { name } })),
    onSuccess: (tag) => {
      qc.setQueryData<Tag[]>(key, (list) => [...(list ?? []).filter((t) => t.id !== tag.id), tag]);
      toast.success(TAG_MESSAGES.created);
    },
  });
}

export function useDeleteTag() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(api.DELETE('/tags/delete', { body: { id } })),
    onSuccess: (res, id) => {
      qc.setQueryData<Tag[]>(key, (list) => (list ?? []).filter((t) => t.id !== id));
      void qc.invalidateQueries({ queryKey: ['campaign'] });
      toast.success(res?.message || TAG_MESSAGES.deleted);
    },
  });
}
