import { useId, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { ConfirmButton } from '@/components/ui/ConfirmButton';
import { Dialog } from '@/components/ui/Dialog';
import { formatDateTime, NO_DATE } from '@/lib/format';
import type { Consent } from '../api/contract';
import { useConsent, useRecordWithdrawal } from '../api/publishing-api';

export const CONSENT_TEXT = {
  given: 'Consent given',
  withdrawn: 'Consent withdrawn',
  byCollaborator: 'by the collaborator from their link',
  byStaff: 'recorded by staff',
  noneTakenDown: 'Nothing of theirs was published.',
  sweeping: 'Their published videos are being taken down…',
  record: 'Record a consent withdrawal',
  dialogBody: (name: string) =>
    `Record that ${name} withdrew their consent (by e-mail, phone or in person). Within a minute every published video with their clips is taken down, from its page, its embeds and every wall. Only ${name} can give it again, by accepting the terms on their link.`,
  note: 'Note (optional)',
  noteHint: 'How and when they told you, for your records.',
  failed: 'The consent could not be loaded.',
} as const;

function WithdrawnState({ consent }: { consent: Consent }) {
  const by = consent.recordedBy === 'staff' ? CONSENT_TEXT.byStaff : consent.recordedBy === 'collaborator' ? CONSENT_TEXT.byCollaborator : null;
  return (
    <div className="space-y-1">
      <p className="text-sm">
        <span className="rounded-full bg-danger-soft px-2 py-0.5 text-xs font-medium text-danger" data-testid="consent-withdrawn">
          {CONSENT_TEXT.withdrawn}
        </span>{' '}
        {formatDateTime(consent.withdrawnAt) ?? NO_DATE}
        {by && `, ${by}`}
      </p>
      {consent.note && <p className="text-xs text-muted [overflow-wrap:anywhere]">Note: {consent.note}</p>}
      {consent.takenDown.length > 0 ? (
        <div>
          <p className="text-xs font-medium">Taken down:</p>
          <ul className="list-disc pl-5 text-xs" data-testid="consent-taken-down">
            {consent.takenDown.map((item) => (
              <li key={item.publicationId} className="[overflow-wrap:anywhere]">
                {item.title} <span className="text-muted">({formatDateTime(item.takenDownAt) ?? NO_DATE})</span>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="text-xs text-muted">{CONSENT_TEXT.noneTakenDown}</p>
      )}
    </div>
  );
}

/**
 * A collaborator's consent to publication as staff see it: given, or withdrawn (when, by whom, the
 * note, the items taken down); staff who may edit record a withdrawal received by other means.
 */
export function ConsentPanel({ contributorId, name, canEdit }: { contributorId: string; name: string; canEdit: boolean }) {
  const consent = useConsent(contributorId);
  const record = useRecordWithdrawal();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const noteId = useId();

  return (
    <section aria-label={`Consent of ${name}`} className="space-y-2 text-sm" data-testid="consent-panel">
      {consent.isPending ? null : consent.isError ? (
        <p className="text-xs text-muted">{CONSENT_TEXT.failed}</p>
      ) : consent.data.withdrawn ? (
        <WithdrawnState consent={consent.data} />
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          <span className="rounded-full bg-success-soft px-2 py-0.5 text-xs font-medium text-success" data-testid="consent-given">
            {CONSENT_TEXT.given}
          </span>
          {canEdit && (
            <Button size="sm" variant="danger-outline" className="min-h-11" aria-label={`${CONSENT_TEXT.record} for ${name}`} onClick={() => setOpen(true)}>
              {CONSENT_TEXT.record}
            </Button>
          )}
        </div>
      )}
      <Dialog
        open={open}
        title={CONSENT_TEXT.record}
        onClose={() => setOpen(false)}
        footer={
          <>
            <Button variant="secondary" className="min-h-11" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <ConfirmButton
              variant="danger"
              className="min-h-11"
              loading={record.isPending}
              onClick={() =>
                record.mutate(
                  { contributorId, note },
                  {
                    onSuccess: () => {
                      setOpen(false);
                      setNote('');
                    },
                  },
                )
              }
            >
              Record the withdrawal
            </ConfirmButton>
          </>
        }
      >
        <p>{CONSENT_TEXT.dialogBody(name)}</p>
        <div className="space-y-1">
          <label htmlFor={noteId} className="block font-medium">
            {CONSENT_TEXT.note}
          </label>
          <textarea
            id={noteId}
            value={note}
            maxLength={1000}
            rows={3}
            aria-describedby={`${noteId}-hint`}
            onChange={(e) => setNote(e.target.value)}
            className="block w-full rounded-lg border border-line bg-raised px-3 py-2 text-sm focus:outline-2 focus:outline-ring"
          />
          <p id={`${noteId}-hint`} className="text-xs text-muted">
            {CONSENT_TEXT.noteHint}
          </p>
        </div>
      </Dialog>
    </section>
  );
}
