import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useNavigate, useParams, useSearchParams } from '../app/router';
import { invalidateResources, setResourceData } from '../api/resource';
import { Button } from '@/components/ui/Button';
import { Checkbox } from '@/components/ui/Checkbox';
import { Input } from '@/components/ui/Field';
import { Spinner } from '@/components/ui/Spinner';
import { paths } from '@/config/paths';
import { errorMessageOf } from '@/lib/api/errors';
import { acceptTerms, saveContributorDetails } from '../api/contributor-api';
import { contributorKeys, useContributorCampaign, useJourney } from '../api/queries';
import { cacheContributorDetail, readContributorData, saveContributorData } from '../lib/storage';
import { endPreview, isPreview, previewFromLink } from '../preview/session';
import { htmlToText, toParagraphs } from '../lib/text';
import { useContributorStore } from '../store';
import type { ContributorCampaign, ContributorData } from '../types';
import { applyCampaignLocale, formatLocale, t } from '../i18n/i18n';
import { contributorNameError } from '../lib/name-error';
import { ContributorFrame, Notice } from './ContributorFrame';
import { ConsentSection } from './ConsentSection';
import { RecordingTips } from './RecordingTips';
import { needsTerms, OrganisationIntro, termsRequired } from './OrganisationIntro';

/** `2030-06-01` as the page's language writes a day ("1 June 2030"); null when there is none. */
export function formatDeadline(day: string | null | undefined): string | null {
  const match = day?.match(/^(\d{4})-(\d{2})-(\d{2})$/);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return new Intl.DateTimeFormat(formatLocale(), { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}

const sameInvitation = (a: ContributorData | null, b: ContributorData) =>
  !!a && a.tenantId === b.tenantId && a.campaignId === b.campaignId && a.contributorId === b.contributorId && a.key === b.key;

/**
 * The invitation of the link (contributorId and key in the query), else the one this browser keeps
 * for the same campaign. A new invitation from the link is kept for the other pages, once: the
 * write is an effect that does nothing when the same invitation is already kept (React may run
 * effects twice, and renders must stay free of writes).
 */
export function useInvitationFromLink(): ContributorData | null {
  const { tenantId = '', campaignId = '' } = useParams();
  const [search] = useSearchParams();
  const contributorId = search.get('contributorId') ?? '';
  const key = search.get('key') ?? '';
  const fromLink = useMemo(
    () => (tenantId && campaignId && contributorId && key ? { tenantId, campaignId, contributorId, key } : null),
    [tenantId, campaignId, contributorId, key],
  );

  // Staff previewing the campaign (`?preview=1`), or a tab already in that preview.
  const preview = previewFromLink(tenantId, campaignId, search);

  useEffect(() => {
    if (!fromLink) return;
    // A real invitation opened in a preview tab: the preview ends, the invitation is kept.
    if (isPreview()) {
      endPreview();
      window.location.reload();
      return;
    }
    if (sameInvitation(readContributorData(), fromLink)) return;
    saveContributorData(fromLink);
    // Another invitation: a previous link's refusal no longer applies.
    useContributorStore.getState().reset();
  }, [fromLink]);

  if (fromLink) return fromLink;
  if (preview) return preview;
  const stored = readContributorData();
  return stored && stored.tenantId === tenantId && stored.campaignId === campaignId ? stored : null;
}

export function LandingPage({ data }: { data: ContributorData | null }) {
  const campaign = useContributorCampaign(data);

  if (!data) {
    return (
      <Notice testId="contributor-missing" title={t('common.incompleteLink')}>
        <p role="alert">{t('landing.missing')}</p>
      </Notice>
    );
  }
  if (campaign.isPending) {
    return (
      <ContributorFrame>
        <div className="flex justify-center py-16">
          <Spinner className="h-8 w-8 text-primary" label={t('landing.loading')} />
        </div>
      </ContributorFrame>
    );
  }
  if (campaign.isError) {
    return (
      <Notice testId="contributor-load-error" title={t('landing.loadError')}>
        <p role="alert">{errorMessageOf(campaign.error)}</p>
        <Button variant="secondary" onClick={() => void campaign.refetch()}>
          {t('common.tryAgain')}
        </Button>
      </Notice>
    );
  }
  return <Welcome data={data} value={campaign.data} />;
}

/**
 * Reopening the link after submitting: thanks, and the answers to watch, instead of a new start
 * (unless staff sent answers back, when the journey starts again).
 */
function Submitted({ data, value }: { data: ContributorData; value: ContributorCampaign }) {
  const navigate = useNavigate();
  const { campaign } = value;
  return (
    <ContributorFrame logo={campaign.companyLogo} company={campaign.companyName}>
      <section className="rounded-xl border border-line bg-raised p-8 text-center shadow-sm" data-testid="contributor-submitted">
        <p className="text-sm font-medium text-primary">{campaign.title}</p>
        <h1 className="mt-1 text-2xl font-semibold">{t('landing.submittedTitle')}</h1>
        <p className="mt-2 text-muted">{t('landing.submittedBody', { company: campaign.companyName || t('common.theCampaignTeam') })}</p>
        <Button className="mt-6" size="lg" onClick={() => navigate(paths.contributorJourney)}>
          {t('common.seeYourAnswers')}
        </Button>
      </section>
      <div className="mt-6 space-y-6">
        <ConsentSection data={data} organisation={value.organisation} company={campaign.companyName || t('common.TheCampaignTeam')} withTermsForm />
      </div>
    </ContributorFrame>
  );
}

function Welcome({ data, value }: { data: ContributorData; value: ContributorCampaign }) {
  const navigate = useNavigate();
  // After submitting, the journey says whether staff sent answers back to record again.
  const journey = useJourney(data, value.submitted);
  const { contributor, campaign } = value;
  const [firstName, setFirstName] = useState(contributor.firstName ?? '');
  const [lastName, setLastName] = useState(contributor.lastName ?? '');
  const [consent, setConsent] = useState(false);
  const [termsChecked, setTermsChecked] = useState(false);
  const [errors, setErrors] = useState<{ firstName?: string; lastName?: string; consent?: string; terms?: string }>({});
  const [saving, setSaving] = useState(false);
  const needsDetails = !contributor.isDetailSubmitted;
  const termsToAccept = needsTerms(value.organisation);

  // Spec section 4: the detail is kept only for a contributor-type user who is not suspended.
  useEffect(() => cacheContributorDetail('contributor', contributor, value.videoConfig), [contributor, value.videoConfig]);
  // Neither the collaborator nor their browser named a language we have: the campaign's.
  useEffect(() => applyCampaignLocale(campaign.language), [campaign.language]);

  if (contributor.isSuspended) {
    return (
      <Notice testId="contributor-denied" title={t('denied.suspended')}>
        <p role="alert">{t('landing.suspendedBody')}</p>
      </Notice>
    );
  }

  if (value.submitted && journey.isPending) {
    return (
      <ContributorFrame logo={campaign.companyLogo} company={campaign.companyName}>
        <div className="flex justify-center py-16">
          <Spinner className="h-8 w-8 text-primary" label={t('landing.loading')} />
        </div>
      </ContributorFrame>
    );
  }
  if (value.submitted && !journey.data?.reRecording) return <Submitted data={data} value={value} />;

  const brief = toParagraphs(htmlToText(campaign.brief));
  const toPrepare = toParagraphs(htmlToText(campaign.script ?? ''));
  const deadline = formatDeadline(campaign.deadline);
  const startLabel = value.startedJourney ? t('landing.continueJourney') : t('landing.getStarted');
  const company = campaign.companyName || t('common.theCampaignTeam');
  const questions = [...campaign.questions].sort((a, b) => a.sequence - b.sequence);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const next: typeof errors = {};
    if (needsDetails) {
      next.firstName = contributorNameError('First name', firstName) ?? undefined;
      next.lastName = contributorNameError('Last name', lastName) ?? undefined;
    }
    if (!consent) next.consent = t('landing.consentRequired');
    if (termsToAccept && !termsChecked) next.terms = termsRequired();
    setErrors(next);
    if (next.firstName || next.lastName || next.consent || next.terms) return;
    if (termsToAccept && value.organisation) {
      setSaving(true);
      try {
        // The version shown: a newer upload meanwhile answers 409 and the page reloads it.
        await acceptTerms(data, value.organisation.termsVersion);
      } catch {
        setSaving(false);
        void invalidateResources(contributorKeys.campaign(data));
        return;
      }
      setSaving(false);
    }
    if (needsDetails) {
      setSaving(true);
      try {
        const saved = await saveContributorDetails(data, { firstName: firstName.trim(), lastName: lastName.trim() });
        if (saved?.contributor && saved.campaign) {
          cacheContributorDetail('contributor', saved.contributor, saved.videoConfig ?? value.videoConfig);
          setResourceData(contributorKeys.campaign(data), saved);
        } else {
          void invalidateResources(contributorKeys.campaign(data));
        }
      } catch {
        setSaving(false);
        return;
      }
      setSaving(false);
    }
    navigate(paths.contributorJourney);
  }

  return (
    <ContributorFrame logo={campaign.companyLogo} company={campaign.companyName}>
      <article className="space-y-6">
        <div>
          <p className="text-sm font-medium text-primary">
            {campaign.companyName ? t('landing.invitedBy', { company: campaign.companyName }) : t('landing.invited')}
          </p>
          <h1 className="mt-1 text-2xl font-semibold [overflow-wrap:anywhere]">{campaign.title}</h1>
          {campaign.description && <p className="mt-2 text-muted">{campaign.description}</p>}
          <ul aria-label={t('landing.atAGlance')} className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {campaign.estimatedMinutes > 0 && <li data-testid="time-needed">{t('landing.timeNeeded', { minutes: campaign.estimatedMinutes })}</li>}
            <li>{t('landing.questionCount', { count: questions.length })}</li>
            {deadline && <li data-testid="deadline">{t('landing.answerBy', { deadline })}</li>}
          </ul>
          {/* On a phone the form is far down: the first screen says how to begin. */}
          <a
            href="#get-started"
            className="mt-4 inline-flex h-12 w-full items-center justify-center rounded-lg bg-primary px-6 text-base font-medium text-primary-fg hover:bg-primary-hover focus:outline-2 focus:outline-offset-2 focus:outline-ring sm:w-auto"
          >
            {startLabel}
          </a>
        </div>
        {brief.length > 0 && (
          <section aria-label={t('landing.brief')} className="space-y-2 rounded-xl border border-line bg-raised p-4 text-sm">
            {brief.map((p, i) => (
              <p key={i}>{p}</p>
            ))}
          </section>
        )}
        <section aria-labelledby="questions-heading">
          <h2 id="questions-heading" className="text-lg font-semibold">
            {t('landing.questionsHeading', { count: questions.length })}
          </h2>
          <ol className="mt-2 list-decimal space-y-1 ps-6 text-sm">
            {questions.map((q) => (
              <li key={q.questionId}>{q.question}</li>
            ))}
          </ol>
          <p className="mt-2 text-xs text-muted">{campaign.mode === 'portrait' ? t('landing.recordPortrait') : t('landing.recordLandscape')}</p>
        </section>
        {toPrepare.length > 0 && (
          <section aria-labelledby="prepare-heading" className="space-y-2 rounded-xl border border-line bg-raised p-4 text-sm">
            <h2 id="prepare-heading" className="text-lg font-semibold">
              {t('landing.prepare')}
            </h2>
            {toPrepare.map((p, i) => (
              <p key={i}>{p}</p>
            ))}
          </section>
        )}
        <RecordingTips tips={value.recordingTips} />

        <OrganisationIntro organisation={value.organisation} company={campaign.companyName || t('common.TheCampaignTeam')} />
        <ConsentSection data={data} organisation={value.organisation} company={campaign.companyName || t('common.TheCampaignTeam')} />

        <form
          id="get-started"
          noValidate
          onSubmit={(e) => void onSubmit(e)}
          className="scroll-mt-4 space-y-4 rounded-xl border border-line bg-raised p-4"
        >
          {needsDetails ? (
            <>
              <h2 className="text-lg font-semibold">{t('landing.yourDetails')}</h2>
              <div className="grid gap-4 sm:grid-cols-2">
                <Input label={t('landing.firstName')} value={firstName} autoComplete="given-name" error={errors.firstName} onChange={(e) => setFirstName(e.target.value)} />
                <Input label={t('landing.lastName')} value={lastName} autoComplete="family-name" error={errors.lastName} onChange={(e) => setLastName(e.target.value)} />
              </div>
            </>
          ) : (
            <h2 className="text-lg font-semibold">
              {contributor.firstName ? t('landing.welcomeBackName', { name: contributor.firstName }) : t('landing.welcomeBack')}
            </h2>
          )}
          <div>
            <label className="flex items-start gap-2 text-sm">
              <Checkbox checked={consent} onChange={(e) => setConsent(e.target.checked)} />
              <span>{t('landing.consent', { company })}</span>
            </label>
            {errors.consent && (
              <p role="alert" className="mt-1 text-xs font-medium text-danger">
                {errors.consent}
              </p>
            )}
          </div>
          {termsToAccept && (
            <div>
              <label className="flex items-start gap-2 text-sm">
                <Checkbox checked={termsChecked} onChange={(e) => setTermsChecked(e.target.checked)} />
                <span>{t('landing.acceptTerms')}</span>
              </label>
              {errors.terms && (
                <p role="alert" className="mt-1 text-xs font-medium text-danger">
                  {errors.terms}
                </p>
              )}
            </div>
          )}
          <Button type="submit" size="lg" fullWidth loading={saving} loadingLabel={t('common.pleaseWait')}>
            {startLabel}
          </Button>
        </form>
      </article>
    </ContributorFrame>
  );
}
