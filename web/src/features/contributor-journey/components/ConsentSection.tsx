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
import { t, tRich } from '../i18n/i18n';
import { termsRequired, type Organisation } from './OrganisationIntro';

/** The section's words in the page's language (read when shown). */
export const CONSENT_TEXT = {
  get heading() {
    return t('consent.heading');
  },
  given: (company: string) => t('consent.given', { company }),
  get withdraw() {
    return t('consent.withdraw');
  },
  get dialogTitle() {
    return t('consent.dialogTitle');
  },
  dialogBody: (company: string) => t('consent.dialogBody', { company }),
  get withdrawn() {
    return t('consent.withdrawn');
  },
  get withdrawnBefore() {
    return t('consent.withdrawnBefore');
  },
  get againWithTerms() {
    return t('consent.againWithTerms');
  },
  get again() {
    return t('consent.again');
  },
  get givenAgain() {
    return t('consent.givenAgain');
  },
};

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
      setError(termsRequired());
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
                    {tRich('consent.readAndAccept', {
                      terms: (
                        <a href={organisation.termsNConditions} target="_blank" rel="noreferrer" className="font-medium text-primary underline">
                          {t('common.termsPdf')}
                        </a>
                      ),
                    })}
                  </span>
                </label>
              )}
              <Button
                variant="secondary"
                size="lg"
                className="w-full sm:w-auto"
                loading={busy}
                loadingLabel={t('common.pleaseWait')}
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
              {t('common.cancel')}
            </Button>
            <ConfirmButton variant="danger" size="lg" loading={busy} loadingLabel={t('common.pleaseWait')} onClick={() => void withdraw()}>
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
