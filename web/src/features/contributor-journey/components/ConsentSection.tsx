import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { ConfirmButton } from '@/components/ui/ConfirmButton';
import { Dialog } from '@/components/ui/Dialog';
import { errorMessageOf } from '@/lib/api/errors';
import { acceptTerms, withdrawConsent } from '../api/contributor-api';
import { invalidateResources } from '../api/resource';
import { contributorKeys } from '../api/queries';
import type { ContributorData } from '../types';
import { Checkbox } from '@/components/ui/Checkbox';
import { TERMS_REQUIRED, type Organisation } from './OrganisationIntro';

export const CONSENT_TEXT = {
  heading: 'Your consent',
  given: (company: string) =>
    `${company} may publish videos made from your answers: on a page of their own, embedded in websites and on video walls. You can withdraw your consent at any time; every published video with you is then taken down.`,
  withdraw: 'Withdraw my consent',
  dialogTitle: 'Withdraw your consent?',
  dialogBody: (company: string) =>
    `Every published video with you is taken down within a minute, from its page, from the websites that embed it and from every wall. ${company} keeps your recordings but can no longer publish them. You can give your consent again later by accepting the terms again.`,
  withdrawn: 'Your consent is withdrawn. Your published videos were taken down.',
  withdrawnBefore: 'You withdrew your consent: nothing with you is published.',
  againWithTerms: 'To give it again, accept the terms and conditions below.',
  again: 'Give my consent again',
  givenAgain: 'Thank you: your consent is given again.',
} as const;

/**
 * The collaborator's consent to publication on their link: "Withdraw my consent" behind a dialog with
 * the confirm lock, and once withdrawn how to give it back (accepting the terms, which the landing's
 * form asks for when the organisation has terms; else "Give my consent again", version 0).
 */
export function ConsentSection({
  data,
  organisation,
  company,
  withTermsForm = false,
}: {
  data: ContributorData;
  organisation: Organisation | undefined;
  company: string;
  /** Accept the terms here (a page without the landing's form: after submitting). */
  withTermsForm?: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const [termsChecked, setTermsChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!organisation) return null;
  const withdrawn = !!organisation.consentWithdrawn;

  const withdraw = async () => {
    setBusy(true);
    setError(null);
    try {
      const res = await withdrawConsent(data, { toast: false });
      setConfirming(false);
      setMessage(res?.message || CONSENT_TEXT.withdrawn);
      void invalidateResources(contributorKeys.campaign(data));
    } catch (e) {
      setError(errorMessageOf(e));
    } finally {
      setBusy(false);
    }
  };

  const giveAgain = async (version: number) => {
    if (organisation.termsNConditions && !termsChecked) {
      setError(TERMS_REQUIRED);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await acceptTerms(data, version, { toast: false });
      setMessage(CONSENT_TEXT.givenAgain);
      void invalidateResources(contributorKeys.campaign(data));
    } catch (e) {
      setError(errorMessageOf(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="consent-heading" className="space-y-3 rounded-xl border border-line bg-raised p-4 text-sm" data-testid="consent-section">
      <h2 id="consent-heading" className="text-lg font-semibold">
        {CONSENT_TEXT.heading}
      </h2>
      <p role="status" data-testid="consent-message" className={message ? 'font-medium' : 'sr-only'}>
        {message ?? ''}
      </p>
      {withdrawn ? (
        <>
          {!message && <p>{CONSENT_TEXT.withdrawnBefore}</p>}
          {organisation.termsNConditions && !withTermsForm ? (
            <p>{CONSENT_TEXT.againWithTerms}</p>
          ) : (
            <>
              {organisation.termsNConditions && (
                <label className="flex min-h-11 items-start gap-2">
                  <Checkbox checked={termsChecked} onChange={(e) => setTermsChecked(e.target.checked)} />
                  <span>
                    I have read and accept the{' '}
                    <a href={organisation.termsNConditions} target="_blank" rel="noreferrer" className="font-medium text-primary underline">
                      terms and conditions (PDF)
                    </a>
                    .
                  </span>
                </label>
              )}
              <Button
                variant="secondary"
                size="lg"
                className="w-full sm:w-auto"
                loading={busy}
                onClick={() => void giveAgain(organisation.termsNConditions ? organisation.termsVersion : 0)}
              >
                {CONSENT_TEXT.again}
              </Button>
            </>
          )}
        </>
      ) : (
        <>
          <p>{CONSENT_TEXT.given(company)}</p>
          <Button variant="danger-outline" size="lg" className="w-full sm:w-auto" onClick={() => setConfirming(true)}>
            {CONSENT_TEXT.withdraw}
          </Button>
        </>
      )}
      {error && !confirming && (
        <p role="alert" className="font-medium text-danger">
          {error}
        </p>
      )}
      <Dialog
        open={confirming}
        title={CONSENT_TEXT.dialogTitle}
        onClose={() => setConfirming(false)}
        footer={
          <>
            <Button variant="secondary" size="lg" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <ConfirmButton variant="danger" size="lg" loading={busy} onClick={() => void withdraw()}>
              {CONSENT_TEXT.withdraw}
            </ConfirmButton>
          </>
        }
      >
        <p>{CONSENT_TEXT.dialogBody(company)}</p>
        {error && (
          <p role="alert" className="font-medium text-danger">
            {error}
          </p>
        )}
      </Dialog>
    </section>
  );
}
