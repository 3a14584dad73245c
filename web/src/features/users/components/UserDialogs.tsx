import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ROLE_LABELS, type StaffRole } from '@/config/access';
import { Button } from '@/components/ui/Button';
import { ConfirmButton } from '@/components/ui/ConfirmButton';
import { Dialog } from '@/components/ui/Dialog';
import { Input, Select } from '@/components/ui/Field';
import { ApiError, fieldErrorsOf } from '@/lib/api/errors';
import { toast } from '@/stores/toast-store';
import { useDeleteUser, useInviteUser, useUpdateUser, type AssignableRole, type StaffUser } from '../api/users-api';
import { ASSIGNABLE_ROLES, inviteUserSchema, type InviteUserValues } from '../schemas';

/** Roles `actor` may grant: only a super admin grants the super admin role. */
export function grantableRoles(actor: StaffRole): AssignableRole[] {
  return ASSIGNABLE_ROLES.filter((role) => role !== 'superAdmin' || actor === 'superAdmin');
}

const roleOptions = (actor: StaffRole) => grantableRoles(actor).map((role) => ({ value: role, label: ROLE_LABELS[role] }));

const EMPTY: InviteUserValues = { email: '', role: '', firstName: '', lastName: '' };
const FIELDS = ['email', 'role', 'firstName', 'lastName'] as const;

/** Invites a staff member by e-mail (their link sets the password); re-inviting voids the earlier link. */
export function InviteUserDialog({ open, onClose, actor }: { open: boolean; onClose: () => void; actor: StaffRole }) {
  return open ? <InviteBody onClose={onClose} actor={actor} /> : null;
}

function InviteBody({ onClose, actor }: { onClose: () => void; actor: StaffRole }) {
  const invite = useInviteUser();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<InviteUserValues>({ resolver: zodResolver(inviteUserSchema), defaultValues: EMPTY });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const res = await invite.mutateAsync({
        email: values.email.trim(),
        role: values.role as AssignableRole,
        firstName: values.firstName.trim() || null,
        lastName: values.lastName.trim() || null,
      });
      toast.success(res.message);
      onClose();
    } catch (error) {
      // Toasted by the API client; field errors also go under their field.
      if (error instanceof ApiError) {
        for (const item of fieldErrorsOf(error.body)) {
          const field = FIELDS.find((f) => f === item.field);
          if (field) setError(field, { message: item.message });
        }
      }
    }
  });

  return (
    <Dialog
      open
      title="Invite user"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="invite-user-form" loading={isSubmitting}>
            Send invitation
          </Button>
        </>
      }
    >
      <form id="invite-user-form" noValidate onSubmit={onSubmit} className="space-y-3">
        <Input label="Work email" type="email" autoComplete="off" error={errors.email?.message} {...register('email')} />
        <Select label="Role" placeholder="Select a role" options={roleOptions(actor)} error={errors.role?.message} {...register('role')} />
        <div className="grid gap-3 sm:grid-cols-2">
          <Input label="First name (optional)" autoComplete="off" error={errors.firstName?.message} {...register('firstName')} />
          <Input label="Last name (optional)" autoComplete="off" error={errors.lastName?.message} {...register('lastName')} />
        </div>
        <p className="text-xs text-muted">
          They receive an e-mail with a link to choose their password. The link works once and expires in 7 days.
        </p>
      </form>
    </Dialog>
  );
}

type UserDialogProps = { user: StaffUser | null; onClose: () => void; actor: StaffRole };

export function ChangeRoleDialog({ user, onClose, actor }: UserDialogProps) {
  return user ? <ChangeRoleBody key={user.id} user={user} onClose={onClose} actor={actor} /> : null;
}

function ChangeRoleBody({ user, onClose, actor }: { user: StaffUser; onClose: () => void; actor: StaffRole }) {
  const [role, setRole] = useState<string>(user.role.name);
  const update = useUpdateUser();
  const save = () =>
    update.mutate(
      { id: user.id, role: role as AssignableRole },
      {
        onSuccess: (res) => {
          toast.success(res.message);
          onClose();
        },
      },
    );
  return (
    <Dialog
      open
      title="Change role"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={update.isPending} disabled={role === user.role.name} onClick={save}>
            Save role
          </Button>
        </>
      }
    >
      <p>
        New role of <strong>{user.fullName === '- -' ? user.email : user.fullName}</strong>:
      </p>
      <Select label="Role" options={roleOptions(actor)} value={role} onChange={(e) => setRole(e.target.value)} />
    </Dialog>
  );
}

/** Suspend (every session ends at once) behind a confirmation that locks for 5 seconds. */
export function SuspendUserDialog({ user, onClose }: Omit<UserDialogProps, 'actor'>) {
  const update = useUpdateUser();
  return (
    <Dialog
      open={!!user}
      title="Suspend user?"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <ConfirmButton
            variant="danger"
            loading={update.isPending}
            onClick={() =>
              user &&
              update.mutate(
                { id: user.id, status: 'Suspended' },
                {
                  onSuccess: (res) => {
                    toast.success(res.message);
                    onClose();
                  },
                },
              )
            }
          >
            Suspend user
          </ConfirmButton>
        </>
      }
    >
      <p>
        <strong>{user?.email}</strong> is signed out everywhere at once and cannot sign in until you resume them.
      </p>
    </Dialog>
  );
}

export function DeleteUserDialog({ user, onClose }: Omit<UserDialogProps, 'actor'>) {
  const remove = useDeleteUser();
  return (
    <Dialog
      open={!!user}
      title="Delete user?"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <ConfirmButton
            variant="danger"
            loading={remove.isPending}
            onClick={() =>
              user &&
              remove.mutate(user.id, {
                onSuccess: (res) => {
                  toast.success(res.message);
                  onClose();
                },
              })
            }
          >
            Delete user
          </ConfirmButton>
        </>
      }
    >
      <p>
        <strong>{user?.email}</strong> is signed out and removed from your organisation, and their address can be invited
        again. The campaigns and videos they created stay with your organisation.
      </p>
    </Dialog>
  );
}
