import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '@/lib/api/client';
import { toast } from '@/stores/toast-store';
import type { Initiative } from '../types';

export const INITIATIVE_MESSAGES = {
  created: 'Initiative created successfully',
  updated: 'Initiative updated successfully',
  deleted: 'Initiative deleted successfully',
} as const;

const key = ['initiatives'] as const;

export function useInitiatives() {
  return useQuery({ queryKey: key, queryFn: () => call(api.GET('/initiative/list')) });
}

export function useCreateInitiative() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => call(api.POST('/initiative/add', { body: { name } })),
    onSuccess: (initiative) => {
      qc.setQueryData<Initiative[]>(key, (list) => [...(list ?? []).filter((i) => i.id !== initiative.id), initiative]);
      void qc.invalidateQueries({ queryKey: key });
      void qc.invalidateQueries({ queryKey: ['campaigns'] });
      toast.success(INITIATIVE_MESSAGES.created);
    },
  });
}

export function useRenameInitiative() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: string; name: string }) => call(api.PUT('/initiative/update', { body })),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: key });
      void qc.invalidateQueries({ queryKey: ['campaigns'] });
      toast.success(INITIATIVE_MESSAGES.updated);
    },
  });
}

export function useDeleteInitiative() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      call(api.DELETE('/initiative/delete', { params: { query: { deleteInitiative: id } } })),
    onSuccess: (res, id) => {
      qc.setQueryData<Initiative[]>(key, (list) => (list ?? []).filter((i) => i.id !== id));
      void qc.invalidateQueries({ queryKey: key });
      void qc.invalidateQueries({ queryKey: ['campaigns'] });
      toast.success(res?.message || INITIATIVE_MESSAGES.deleted);
    },
  });
}
