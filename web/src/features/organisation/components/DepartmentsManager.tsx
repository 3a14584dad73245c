import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/Button';
import { ConfirmButton } from '@/components/ui/ConfirmButton';
import { Dialog } from '@/components/ui/Dialog';
import { Input } from '@/components/ui/Field';
import { useAddDepartment, useDeleteDepartment, useDepartments, type Department } from '../api/organisation-api';

const REQUIRED = 'Department is a required field';
const TOO_LONG = 'Department must be at most 50 characters';

/** The organisation's departments: the list staff choose from in their profile. */
export function DepartmentsManager({ tenantId }: { tenantId: string }) {
  const departments = useDepartments(tenantId);
  const add = useAddDepartment(tenantId);
  const remove = useDeleteDepartment(tenantId);
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const [deleting, setDeleting] = useState<Department | null>(null);

  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    const value = name.trim();
    const problem = !value ? REQUIRED : value.length > 50 ? TOO_LONG : undefined;
    setError(problem);
    if (problem) return;
    add.mutate(value, { onSuccess: () => setName('') });
  };

  const list = departments.data ?? [];
  return (
    <section aria-labelledby="departments-heading" className="space-y-3">
      <h2 id="departments-heading" className="text-lg font-semibold">
        Departments
      </h2>
      {departments.isSuccess && list.length === 0 && (
        <p className="text-sm text-muted">No departments yet. Staff choose their department from this list.</p>
      )}
      <ul className="divide-y divide-line rounded-lg border border-line" aria-label="Departments">
        {list.map((d) => (
          <li key={d.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
            <span className="min-w-0">{d.name}</span>
            <Button variant="secondary" size="sm" aria-label={`Delete ${d.name}`} onClick={() => setDeleting(d)}>
              Delete
            </Button>
          </li>
        ))}
      </ul>
      <form noValidate onSubmit={onAdd} className="flex items-end gap-2" aria-label="Add a department">
        <div className="flex-1">
          <Input label="New department" value={name} error={error} onChange={(e) => setName(e.target.value)} />
        </div>
        <Button type="submit" loading={add.isPending}>
          Add
        </Button>
      </form>
      <Dialog
        open={!!deleting}
        title="Delete this department?"
        onClose={() => setDeleting(null)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <ConfirmButton
              variant="danger"
              loading={remove.isPending}
              onClick={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
            >
              Delete
            </ConfirmButton>
          </>
        }
      >
        <p>
          The department <strong>{deleting?.name}</strong> is removed from the list. Staff who chose it will be asked to choose
          their department again.
        </p>
      </Dialog>
    </section>
  );
}
