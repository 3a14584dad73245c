import { useState } from 'react';
import { isStaffRole, ROLE_LABELS } from '@/config/access';
import { Card } from '@/components/layouts/PageHeader';
import { Button } from '@/components/ui/Button';
import { Select } from '@/components/ui/Field';
import { Spinner } from '@/components/ui/Spinner';
import { useAddParticipants, useParticipants, useRemoveParticipant } from '../api/campaigns-api';
import type { UserListItem } from '../types';

function roleLabel({ name }: UserListItem['role']): string {
  return isStaffRole(name) ? ROLE_LABELS[name] : 'Collaborator';
}

function nameOf(user: UserListItem): string {
  return user.fullName && user.fullName !== '- -' ? user.fullName : user.email;
}

/** Staff who work on the campaign: list, add from the available staff, remove. */
export function ParticipantsPanel({ campaignId }: { campaignId: string }) {
  const lists = useParticipants(campaignId);
  const add = useAddParticipants(campaignId);
  const remove = useRemoveParticipant(campaignId);
  const [choice, setChoice] = useState('');
  // The super admin role is hidden from participant lists (spec section 3).
  const participants = (lists.data?.participants ?? []).filter((u) => u.role.name !== 'superAdmin');
  const available = (lists.data?.available ?? []).filter((u) => u.role.name !== 'superAdmin');

  return (
    <Card>
      <h2 className="text-lg font-semibold">Participants</h2>
      <p className="mb-4 text-xs text-muted">Staff members who work on this campaign.</p>
      {lists.isPending ? (
        <Spinner className="h-5 w-5" />
      ) : (
        <>
          {participants.length === 0 ? (
            <p className="text-sm text-muted">No participants yet.</p>
          ) : (
            <ul aria-label="Participants" className="divide-y divide-line">
              {participants.map((u) => (
                <li key={u.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                  <div className="min-w-0">
                    <p className="truncate font-medium">{nameOf(u)}</p>
                    <p className="truncate text-xs text-muted">
                      {u.email} · {roleLabel(u.role)}
                    </p>
                  </div>
                  <Button
                    size="sm"
                    variant="ghost"
                    className="text-danger"
                    aria-label={`Remove ${nameOf(u)}`}
                    disabled={remove.isPending}
                    onClick={() => remove.mutate(u.id)}
                  >
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
          )}
          <div className="mt-4 flex items-end gap-2">
            <div className="flex-1">
              <Select
                label="Add a participant"
                value={choice}
                onChange={(e) => setChoice(e.target.value)}
                placeholder={available.length ? 'Select a staff member' : 'Nobody else to add'}
                options={available.map((u) => ({ value: u.id, label: `${nameOf(u)} (${roleLabel(u.role)})` }))}
                disabled={available.length === 0}
              />
            </div>
            <Button
              variant="secondary"
              disabled={!choice}
              loading={add.isPending}
              onClick={() => add.mutate([choice], { onSuccess: () => setChoice('') })}
            >
              Add
            </Button>
          </div>
        </>
      )}
    </Card>
  );
}
