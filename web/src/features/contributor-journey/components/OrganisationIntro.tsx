import { formatLocale, t, tRich } from '../i18n/i18n';
import type { ContributorOrganisation } from '../types';

export type Organisation = ContributorOrganisation;

/** What a form says when the terms are not accepted. */
export const termsRequired = () => t('organisation.termsRequired');

/** When the terms were accepted, as the page's language writes a day; null when unknown. */
function acceptedDay(at: string | null | undefined): string | null {
  const date = at ? new Date(at) : null;
  if (!date || Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat(formatLocale(), { day: 'numeric', month: 'short', year: 'numeric' }).format(date);
}

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
  const acceptedOn = acceptedDay(organisation.termsAcceptedAt);
  return (
    <>
      {organisation.encouragementVideo && (
        <section aria-labelledby="encouragement-heading" className="space-y-2">
          <h2 id="encouragement-heading" className="text-lg font-semibold">
            {t('organisation.wordFrom', { company })}
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
            {t('organisation.terms')}
          </h2>
          <p>
            {tRich(
              'organisation.readTerms',
              {
                terms: (
                  <a href={organisation.termsNConditions} target="_blank" rel="noreferrer" className="font-medium text-primary underline">
                    {t('common.termsPdf')}
                  </a>
                ),
              },
              { company },
            )}
          </p>
          {organisation.termsAccepted && !organisation.consentWithdrawn && (
            <p data-testid="terms-accepted" className="text-muted">
              {acceptedOn ? t('organisation.acceptedOn', { date: acceptedOn }) : t('organisation.accepted')}
            </p>
          )}
        </section>
      )}
    </>
  );
}
