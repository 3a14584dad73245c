import { formatDate } from '@/lib/format';
import type { ContributorOrganisation } from '../types';

export type Organisation = ContributorOrganisation;

export const TERMS_REQUIRED = 'Please accept the terms and conditions to continue';

/**
 * Whether the contributor still has to accept the organisation's current terms: new terms, or their
 * consent withdrawn (accepting the terms again is the only way to give it back).
 */
export function needsTerms(organisation: Organisation | undefined): boolean {
  return !!organisation?.termsNConditions && (!organisation.termsAccepted || !!organisation.consentWithdrawn);
}

/** The organisation's encouragement video and its terms and conditions, on the landing page. */
export function OrganisationIntro({ organisation, company }: { organisation: Organisation | undefined; company: string }) {
  if (!organisation) return null;
  const acceptedOn = formatDate(organisation.termsAcceptedAt);
  return (
    <>
      {organisation.encouragementVideo && (
        <section aria-labelledby="encouragement-heading" className="space-y-2">
          <h2 id="encouragement-heading" className="text-lg font-semibold">
            A word from {company}
          </h2>
          <video
            data-testid="encouragement-video"
            src={organisation.encouragementVideo}
            controls
            playsInline
            preload="metadata"
            className="w-full rounded-xl border border-line bg-black"
          />
        </section>
      )}
      {organisation.termsNConditions && (
        <section aria-labelledby="terms-heading" className="space-y-1 rounded-xl border border-line bg-raised p-4 text-sm">
          <h2 id="terms-heading" className="text-lg font-semibold">
            Terms and conditions
          </h2>
          <p>
            {company} asks you to read and accept its{' '}
            <a href={organisation.termsNConditions} target="_blank" rel="noreferrer" className="font-medium text-primary underline">
              terms and conditions (PDF)
            </a>{' '}
            before you record.
          </p>
          {organisation.termsAccepted && !organisation.consentWithdrawn && (
            <p data-testid="terms-accepted" className="text-muted">
              You accepted these terms{acceptedOn ? ` on ${acceptedOn}` : ''}.
            </p>
          )}
        </section>
      )}
    </>
  );
}
