import type { CurrentUser } from '@/types/api';
import type { StaffRole } from '@/config/access';

export function makeUser(role: StaffRole, overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 'u1',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@acme-films.com',
    avatar: null,
    role: { id: 1, name: role },
    tenantUserId: 'tu1',
    companyName: 'Acme Films',
    roleInCompany: 'Producer',
    encouragementVideo: null,
    department: null,
    tenantId: 't1',
    companyLogo: null,
    country: 'GB',
    defaultEncouragementVideo: null,
    skippedEditorTour: false,
    termsNConditions: null,
    setupCompleted: true,
    ...overrides,
  };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    statusText: status === 200 ? 'OK' : 'Error',
    headers: { 'Content-Type': 'application/json' },
  });
}
