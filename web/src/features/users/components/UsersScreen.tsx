import { useState } from 'react';
import { ROLE_LABELS, type StaffRole } from '@/config/access';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { ACCOUNT_STATUS_LABELS } from '@/config/labels';
import { formatDate, NO_DATE } from '@/lib/format';
import { toast } from '@/stores/toast-store';
import { useInviteUser, useUpdateUser, useUserList, type RoleFilter, type StaffUser } from '../api/users-api';
import { ChangeRoleDialog, DeleteUserDialog, InviteUserDialog, SuspendUserDialog } from './UserDialogs';

/** Spec section 2: the user role filters. */
export const ROLE_FILTERS: { value: RoleFilter; label: string }[] = [
  { value: '', label: 'All' },
  { value: 'superAdmin', label: 'Super Admin' },
  { value: 'admin', label: 'Admin' },
  { value: 'creator', label: 'Creator' },
  { value: 'coordinator', label: 'Coordinator' },
  { value: 'contributor', label: 'Contributor' },
];


const roleLabel = (name: string) => (name === 'contributor' ? 'Collaborator' : (ROLE_LABELS[name as StaffRole] ?? name));

type Props = { actor: StaffRole; actorId: string };

/** /users (super admin, admin): the organisation's users, page size 10, with invite, role, suspend/resume and delete. */
export function UsersScreen({ actor, actorId }: Props) {
  const [filter, setFilter] = useState<RoleFilter>('');
  // Start cursors of the pages seen so far: page N starts at cursors[N] (null: the first page).
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [page, setPage] = useState(0);
  const list = useUserList(filter, cursors[page] ?? null);
  const [inviting, setInviting] = useState(false);
  const [changingRole, setChangingRole] = useState<StaffUser | null>(null);
  const [suspending, setSuspending] = useState<StaffUser | null>(null);
  const [deleting, setDeleting] = useState<StaffUser | null>(null);
  const update = useUpdateUser();
  const reinvite = useInviteUser();

  const chooseFilter = (value: RoleFilter) => {
    setFilter(value);
    setCursors([null]);
    setPage(0);
  };
  const next = () => {
    const cursor = list.data?.nextCursor;
    if (!cursor) return;
    setCursors((known) => [...known.slice(0, page + 1), cursor]);
    setPage(page + 1);
  };

  const mayManage = (user: StaffUser) =>
    user.role.name !== 'contributor' && user.id !== actorId && (user.role.name !== 'superAdmin' || actor === 'superAdmin');

  const resume = (user: StaffUser) =>
    update.mutate({ id: user.id, status: 'Activated' }, { onSuccess: (res) => toast.success(res.message) });
  const sendAgain = (user: StaffUser) =>
    reinvite.mutate(
      {
        email: user.email,
        role: user.role.name as 'superAdmin' | 'admin' | 'creator' | 'coordinator',
        firstName: user.firstName ?? null,
        lastName: user.lastName ?? null,
      },
      { onSuccess: (res) => toast.success(res.message) },
    );

  const items = list.data?.items ?? [];

  return (
    <section className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">Users</h1>
          <p className="text-sm text-muted">Invite your team and choose what each person may do.</p>
        </div>
        <Button onClick={() => setInviting(true)}>Invite user</Button>
      </div>

      <div role="group" aria-label="Filter by role" className="flex flex-wrap gap-2">
        {ROLE_FILTERS.map((option) => (
          <Button
            key={option.value || 'all'}
            size="sm"
            variant={filter === option.value ? 'primary' : 'secondary'}
            aria-pressed={filter === option.value}
            onClick={() => chooseFilter(option.value)}
          >
            {option.label}
          </Button>
        ))}
      </div>

      <div className="overflow-x-auto rounded-xl border border-line bg-raised">
        <table className="sh-stacked-table w-full text-left text-sm">
          <thead className="border-b border-line text-xs uppercase text-muted">
            <tr>
              <th className="px-4 py-3">Name</th>
              <th className="px-4 py-3">Email</th>
              <th className="px-4 py-3">Role</th>
              <th className="px-4 py-3">Status</th>
              <th className="px-4 py-3">Created</th>
              <th className="px-4 py-3">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((user) => (
              <tr key={user.id} className="border-b border-line last:border-0" data-testid="user-row">
                <td className="px-4 py-3 font-medium wrap-anywhere sm:min-w-32">{user.fullName}</td>
                <td data-label="Email" className="px-4 py-3 wrap-anywhere sm:min-w-40">{user.email}</td>
                <td data-label="Role" className="px-4 py-3">{roleLabel(user.role.name)}</td>
                <td data-label="Status" className="px-4 py-3">{ACCOUNT_STATUS_LABELS[user.status]}</td>
                <td data-label="Created" className="px-4 py-3 text-muted">{formatDate(user.createdAt) ?? NO_DATE}</td>
                <td className="px-4 py-3">
                  {mayManage(user) && (
                    <div className="flex flex-wrap gap-1 sm:justify-end">
                      <Button size="sm" variant="ghost" onClick={() => setChangingRole(user)} aria-label={`Change role of ${user.email}`}>
                        Change role
                      </Button>
                      {user.status === 'invited' && (
                        <Button size="sm" variant="ghost" onClick={() => sendAgain(user)} aria-label={`Resend invitation to ${user.email}`}>
                          Resend invitation
                        </Button>
                      )}
                      {user.status === 'activated' && (
                        <Button size="sm" variant="ghost" onClick={() => setSuspending(user)} aria-label={`Suspend ${user.email}`}>
                          Suspend
                        </Button>
                      )}
                      {user.status === 'suspended' && (
                        <Button size="sm" variant="ghost" onClick={() => resume(user)} aria-label={`Resume ${user.email}`}>
                          Resume
                        </Button>
                      )}
                      <Button size="sm" variant="ghost" onClick={() => setDeleting(user)} aria-label={`Delete ${user.email}`}>
                        Delete
                      </Button>
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {list.isPending && (
          <div className="flex justify-center p-6">
            <Spinner />
          </div>
        )}
        {!list.isPending && items.length === 0 && <p className="p-6 text-center text-sm text-muted">No result found</p>}
      </div>
      {filter === 'contributor' && (
        <p className="text-xs text-muted">Collaborators are invited, suspended and removed from their campaigns.</p>
      )}

      <nav aria-label="Pages" className="flex flex-wrap items-center justify-end gap-2">
        <Button size="sm" variant="secondary" disabled={page === 0} onClick={() => setPage(page - 1)}>
          Previous
        </Button>
        <span className="text-sm text-muted">Page {page + 1}</span>
        <Button size="sm" variant="secondary" disabled={!list.data?.nextCursor} onClick={next}>
          Next
        </Button>
      </nav>

      <InviteUserDialog open={inviting} onClose={() => setInviting(false)} actor={actor} />
      <ChangeRoleDialog user={changingRole} onClose={() => setChangingRole(null)} actor={actor} />
      <SuspendUserDialog user={suspending} onClose={() => setSuspending(null)} />
      <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}
