import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Select } from '@/components/ui/Field';
import { useInitiatives } from '../api/initiatives-api';
import { DeleteInitiativeDialog, InitiativeNameDialog } from './InitiativeDialogs';
import type { Initiative } from '../types';

type Props = {
  value: string;
  onChange: (id: string) => void;
  error?: string;
  /** Called after an initiative was deleted (the campaign may have gone with it). */
  onDeleted?: (id: string) => void;
};

/** Choose an initiative, or create, rename or delete one. */
export function InitiativePicker({ value, onChange, error, onDeleted }: Props) {
  const initiatives = useInitiatives();
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<Initiative | null>(null);
  const [deleting, setDeleting] = useState<Initiative | null>(null);
  const list = initiatives.data ?? [];
  const selected = list.find((i) => i.id === value) ?? null;

  return (
    <div className="space-y-2">
      <Select
        label="Initiative"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={initiatives.isPending ? 'Loading initiatives…' : 'Select an initiative'}
        options={list.map((i) => ({ value: i.id, label: i.name }))}
        error={error}
      />
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={() => setCreating(true)}>
          New initiative
        </Button>
        <Button size="sm" variant="ghost" disabled={!selected} onClick={() => setRenaming(selected)}>
          Rename initiative
        </Button>
        <Button size="sm" variant="ghost" className="text-danger" disabled={!selected} onClick={() => setDeleting(selected)}>
          Delete initiative
        </Button>
      </div>
      <InitiativeNameDialog open={creating} onClose={() => setCreating(false)} onDone={(i) => onChange(i.id)} />
      <InitiativeNameDialog
        key={renaming?.id ?? 'none'}
        open={!!renaming}
        initiative={renaming ?? undefined}
        onClose={() => setRenaming(null)}
      />
      <DeleteInitiativeDialog
        initiative={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(id) => {
          if (id === value) onChange('');
          onDeleted?.(id);
        }}
      />
    </div>
  );
}
