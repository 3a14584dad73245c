import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/Button';
import { ConfirmButton } from '@/components/ui/ConfirmButton';
import { CopyField } from '@/components/ui/CopyField';
import { Dialog } from '@/components/ui/Dialog';
import { Input } from '@/components/ui/Field';
import { formatDate, formatDateTime, NO_DATE } from '@/lib/format';
import {
  NAME_MAX,
  SCOPE_AREAS,
  expiryOf,
  scopeLabel,
  scopesOf,
  useApiKeys,
  useCreateApiKey,
  useRevokeApiKey,
  validateNewKey,
  type ApiKey,
  type AreaAccess,
  type ScopeArea,
} from '../api/integrations-api';

const STATUS_LABELS: Record<ApiKey['status'], string> = { active: 'Active', expired: 'Expired', revoked: 'Revoked' };
const ACCESS_OPTIONS: { value: AreaAccess; label: string }[] = [
  { value: 'none', label: 'No access' },
  { value: 'read', label: 'Read only' },
  { value: 'write', label: 'Read and write' },
];

/** The key just created, shown this once. */
function NewKeyPanel({ name, secret, onDone }: { name: string; secret: string; onDone: () => void }) {
  return (
    <div role="status" className="space-y-3 rounded-lg border border-primary bg-sunken p-4">
      <p className="font-medium">
        The key <strong className="wrap-anywhere">{name}</strong> is ready.
      </p>
      <p className="text-sm">
        Copy it now and keep it somewhere safe: <strong>you will not see it again.</strong> Storyhive keeps only a fingerprint
        of it; if it is lost, revoke it and create another.
      </p>
      <CopyField label="Your new API key" value={secret} what="API key" />
      <p className="text-xs text-muted">
        Send it as <code>Authorization: Bearer &lt;key&gt;</code>. What each route needs is in the API's documentation
        (openapi.json).
      </p>
      <Button variant="secondary" onClick={onDone}>
        I have copied it
      </Button>
    </div>
  );
}

/** The form creating a key: a name, the access per area, an optional expiry date. */
export function CreateApiKeyForm({ onCreated }: { onCreated: (name: string, key: string) => void }) {
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [access, setAccess] = useState<Partial<Record<ScopeArea, AreaAccess>>>({});
  const [expiryDay, setExpiryDay] = useState('');
  const [errors, setErrors] = useState<ReturnType<typeof validateNewKey>>({});

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const scopes = scopesOf(access);
    const problems = validateNewKey(name, scopes, expiryDay);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    create.mutate(
      { name: name.trim(), scopes, expiresAt: expiryOf(expiryDay) },
      {
        onSuccess: (created) => {
          onCreated(created.apiKey.name, created.key);
          setName('');
          setAccess({});
          setExpiryDay('');
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Create an API key" className="space-y-4 rounded-lg border border-line p-4">
      <h3 className="font-semibold">Create an API key</h3>
      <Input
        label="Name"
        value={name}
        maxLength={NAME_MAX * 2}
        hint="What uses it, e.g. “CRM nightly sync”."
        error={errors.name}
        onChange={(e) => setName(e.target.value)}
      />
      <fieldset className="space-y-2" aria-describedby={errors.scopes ? 'api-key-scopes-error' : undefined}>
        <legend className="text-sm font-medium">Scopes</legend>
        <p className="text-xs text-muted">The key can call only what its scopes allow; users, settings and keys are for staff only.</p>
        {SCOPE_AREAS.map(({ area, label, covers }) => (
          <div key={area} role="radiogroup" aria-label={label} className="flex flex-wrap items-center gap-x-4 gap-y-1">
            <span className="w-32 text-sm font-medium" title={covers}>
              {label}
            </span>
            {ACCESS_OPTIONS.map((option) => (
              <label key={option.value} className="flex min-h-11 items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={`scope-${area}`}
                  className="h-5 w-5"
                  aria-label={`${label}: ${option.label.toLowerCase()}`}
                  checked={(access[area] ?? 'none') === option.value}
                  onChange={() => setAccess((current) => ({ ...current, [area]: option.value }))}
                />
                {option.label}
              </label>
            ))}
          </div>
        ))}
        {errors.scopes && (
          <p id="api-key-scopes-error" role="alert" className="text-xs font-medium text-danger">
            {errors.scopes}
          </p>
        )}
      </fieldset>
      <Input
        label="Expires on (optional)"
        type="date"
        value={expiryDay}
        hint="Leave empty for a key that does not expire; at most two years."
        error={errors.expiresAt}
        onChange={(e) => setExpiryDay(e.target.value)}
      />
      <Button type="submit" loading={create.isPending}>
        Create key
      </Button>
    </form>
  );
}

/** Settings → Integrations → API keys: the organisation's keys, creating one (shown once), revoking one. */
export function ApiKeysSection() {
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const list = keys.data ?? [];

  return (
    <section aria-labelledby="api-keys-heading" className="space-y-4">
      <div className="space-y-1">
        <h2 id="api-keys-heading" className="text-lg font-semibold">
          API keys
        </h2>
        <p className="text-sm text-muted">
          An integration calls the Storyhive API with a key, acting with exactly the key's scopes. Revoking a key refuses its
          next call.
        </p>
      </div>
      {created && <NewKeyPanel name={created.name} secret={created.key} onDone={() => setCreated(null)} />}
      {keys.isSuccess && list.length === 0 && <p className="text-sm text-muted">No API keys yet.</p>}
      {list.length > 0 && (
        <div className="overflow-x-auto rounded-xl border border-line bg-raised">
          <table className="sh-stacked-table w-full text-left text-sm" aria-label="API keys">
            <thead className="border-b border-line text-xs uppercase text-muted">
              <tr>
                <th className="px-4 py-3">Name</th>
                <th className="px-4 py-3">Scopes</th>
                <th className="px-4 py-3">Created</th>
                <th className="px-4 py-3">Last used</th>
                <th className="px-4 py-3">Expires</th>
                <th className="px-4 py-3">Status</th>
                <th className="px-4 py-3">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((key) => (
                <tr key={key.id} className="border-b border-line last:border-0" data-testid="api-key-row">
                  <td className="px-4 py-3 font-medium wrap-anywhere sm:min-w-32">{key.name}</td>
                  <td data-label="Scopes" className="px-4 py-3">
                    <ul>
                      {key.scopes.map((scope) => (
                        <li key={scope}>{scopeLabel(scope)}</li>
                      ))}
                    </ul>
                  </td>
                  <td data-label="Created" className="px-4 py-3 text-muted">
                    {formatDate(key.createdAt) ?? NO_DATE}
                    {key.createdBy && <span className="block text-xs">by {key.createdBy}</span>}
                  </td>
                  <td data-label="Last used" className="px-4 py-3 text-muted">
                    {formatDateTime(key.lastUsedAt) ?? 'Never'}
                  </td>
                  <td data-label="Expires" className="px-4 py-3 text-muted">
                    {formatDate(key.expiresAt) ?? 'Never'}
                  </td>
                  <td data-label="Status" className="px-4 py-3">
                    {STATUS_LABELS[key.status]}
                  </td>
                  <td className="px-4 py-3">
                    {key.status === 'active' && (
                      <Button size="sm" variant="ghost" aria-label={`Revoke ${key.name}`} onClick={() => setRevoking(key)}>
                        Revoke
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <CreateApiKeyForm onCreated={(name, key) => setCreated({ name, key })} />
      <Dialog
        open={!!revoking}
        title="Revoke this API key?"
        onClose={() => setRevoking(null)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setRevoking(null)}>
              Cancel
            </Button>
            <ConfirmButton
              variant="danger"
              loading={revoke.isPending}
              onClick={() => revoking && revoke.mutate(revoking.id, { onSuccess: () => setRevoking(null) })}
            >
              Revoke
            </ConfirmButton>
          </>
        }
      >
        <p>
          The key <strong className="wrap-anywhere">{revoking?.name}</strong> stops working at once: every integration using it
          gets “401 Unauthorized” from its next call. This cannot be undone.
        </p>
      </Dialog>
    </section>
  );
}
