import type { StaffRole } from '@/config/access';

/**
 * Who may publish, unpublish, edit walls and record a consent withdrawal (issue 22: the roles with
 * the right to edit). Coordinators read: they see what is published and its figures, and no action.
 */
export const PUBLISHING_ROLES: readonly StaffRole[] = ['superAdmin', 'admin', 'creator'];

export function canPublish(role: StaffRole | null | undefined): boolean {
  return !!role && PUBLISHING_ROLES.includes(role);
}
