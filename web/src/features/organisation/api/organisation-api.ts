import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, publicApi } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { paths } from '@/types/schema';
import { fetchCurrentUser } from '@/lib/auth';
import { useSessionStore } from '@/stores/session-store';
import { toast } from '@/stores/toast-store';

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
export type Company = Json<paths['/organisation/company']['get']['responses'][200]>;
export type Department = Json<paths['/departments/{tenantId}/all-departments']['get']['responses'][200]>[number];
export type FileScope = 'company' | 'me';
export type CompanyFileKind = 'companyLogo' | 'termsNConditions' | 'defaultEncouragementVideo';
export type OwnFileKind = 'avatar' | 'encouragementVideo';
export type FileKind = CompanyFileKind | OwnFileKind;

export const VALID_FILE = 'Please upload valid file';
export const DEPARTMENT_ADDED = 'Department added successfully';
export const COMPANY_UPDATED = 'Company details updated successfully';
const MB = 1024 * 1024;

/** What each kind takes (spec sections 5 and 9); the server checks again after the upload. */
export const FILE_RULES: Record<FileKind, { accept: string; types: string[]; maxBytes: number }> = {
  avatar: { accept: 'image/*', types: ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp'], maxBytes: 10 * MB },
  companyLogo: { accept: 'image/*', types: ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp'], maxBytes: 10 * MB },
  termsNConditions: { accept: 'application/pdf', types: ['application/pdf'], maxBytes: 100 * MB },
  encouragementVideo: {
    accept: 'video/mp4,video/webm,video/quicktime,video/x-matroska',
    types: ['video/mp4', 'video/webm', 'video/quicktime', 'video/x-matroska'],
    maxBytes: 500 * MB,
  },
  defaultEncouragementVideo: {
    accept: 'video/mp4,video/webm,video/quicktime,video/x-matroska',
    types: ['video/mp4', 'video/webm', 'video/quicktime', 'video/x-matroska'],
    maxBytes: 500 * MB,
  },
};

const IMAGE = { label: '', takes: 'a PNG, JPEG, GIF, WebP or BMP picture' };
const FILE_WORDS: Record<FileKind, { label: string; takes: string }> = {
  avatar: { ...IMAGE, label: 'Profile picture' },
  companyLogo: { ...IMAGE, label: 'Company logo' },
  termsNConditions: { label: 'Terms and conditions', takes: 'a PDF document' },
  encouragementVideo: { label: 'Encouragement video', takes: 'an MP4, WebM, MOV or MKV video with a picture' },
  defaultEncouragementVideo: { label: 'Encouragement video', takes: 'an MP4, WebM, MOV or MKV video with a picture' },
};

/**
 * What a refused file is told, in the API's words (FileKind::refusal): the spec's 'Please upload
 * valid file', then the field and what it takes.
 */
export function fileRefusal(kind: FileKind): string {
  const { label, takes } = FILE_WORDS[kind];
  return `${VALID_FILE}. ${label} takes ${takes} of at most ${FILE_RULES[kind].maxBytes / MB} MB.`;
}

/** Whether the browser may even try to upload `file` as `kind`. */
export function isUploadable(kind: FileKind, file: { type: string; size: number }): boolean {
  const rule = FILE_RULES[kind];
  return rule.types.includes(file.type) && file.size > 0 && file.size <= rule.maxBytes;
}

export const organisationKeys = {
  company: ['organisation', 'company'] as const,
  departments: (tenantId: string) => ['departments', tenantId] as const,
};

export function useCompany() {
  return useQuery({ queryKey: organisationKeys.company, queryFn: () => call(api.GET('/organisation/company')) });
}

/** Refreshes the signed-in user (file URLs, setup state) after a change. */
async function refreshUser() {
  try {
    useSessionStore.getState().setUser(await fetchCurrentUser({ toast: false }));
  } catch {
    /* a failed refresh keeps the user as they were */
  }
}

export function useUpdateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; industry: string }) => call(api.PUT('/organisation/company', { body })),
    onSuccess: async (company) => {
      queryClient.setQueryData(organisationKeys.company, company);
      toast.success(COMPANY_UPDATED);
      await refreshUser();
    },
  });
}

export function useCompleteSetup() {
  return useMutation({
    mutationFn: () => call(api.PUT('/organisation/setup-complete')),
    onSuccess: async (res) => {
      toast.success(res.message);
      await refreshUser();
    },
  });
}

export function useDepartments(tenantId: string | undefined) {
  return useQuery({
    queryKey: organisationKeys.departments(tenantId ?? ''),
    queryFn: () =>
      call(publicApi.GET('/departments/{tenantId}/all-departments', { params: { path: { tenantId: tenantId ?? '' } } })),
    enabled: !!tenantId,
  });
}

export function useAddDepartment(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => call(api.POST('/departments/add', { body: { name } })),
    onSuccess: () => {
      toast.success(DEPARTMENT_ADDED);
      void queryClient.invalidateQueries({ queryKey: organisationKeys.departments(tenantId) });
      void queryClient.invalidateQueries({ queryKey: organisationKeys.company });
    },
  });
}

export function useDeleteDepartment(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(api.DELETE('/departments/delete', { body: { id } })),
    onSuccess: (res) => {
      toast.success(res.message);
      void queryClient.invalidateQueries({ queryKey: organisationKeys.departments(tenantId) });
      void queryClient.invalidateQueries({ queryKey: organisationKeys.company });
    },
  });
}

/**
 * Uploads `file` straight to S3 through a presigned URL, then has the server check and keep it.
 * Files the browser can already tell are wrong never leave it (fileRefusal says what the field takes).
 */
export function useUploadFile(scope: FileScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ kind, file }: { kind: FileKind; file: File }) => {
      if (!isUploadable(kind, file)) {
        toast.error(fileRefusal(kind));
        throw new ApiError(400, 'Bad Request', undefined, fileRefusal(kind));
      }
      const body = { kind, contentType: file.type, sizeBytes: file.size };
      const ticket =
        scope === 'company'
          ? await call(api.POST('/organisation/company/upload-url', { body }))
          : await call(api.POST('/organisation/me/upload-url', { body }));
      let sent: Response;
      try {
        sent = await fetch(ticket.url, { method: ticket.method, headers: ticket.headers, body: file });
      } catch (cause) {
        toast.error('The upload failed. Please check your connection and try again.');
        throw new ApiError(0, '', undefined, 'The upload failed', { cause });
      }
      if (!sent.ok) {
        toast.error('The upload failed. Please try again.');
        throw new ApiError(sent.status, sent.statusText, undefined, 'The upload failed');
      }
      const done = { kind, uploadKey: ticket.uploadKey };
      return scope === 'company'
        ? call(api.POST('/organisation/company/upload-complete', { body: done }))
        : call(api.POST('/organisation/me/upload-complete', { body: done }));
    },
    onSuccess: async (saved) => {
      toast.success(saved.message);
      void queryClient.invalidateQueries({ queryKey: organisationKeys.company });
      await refreshUser();
    },
  });
}

export function useDeleteFile(scope: FileScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kind: FileKind) =>
      scope === 'company'
        ? call(api.DELETE('/organisation/company/file', { body: { kind } }))
        : call(api.DELETE('/organisation/me/file', { body: { kind } })),
    onSuccess: async (res) => {
      toast.success(res.message);
      void queryClient.invalidateQueries({ queryKey: organisationKeys.company });
      await refreshUser();
    },
  });
}
