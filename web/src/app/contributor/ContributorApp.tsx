import { lazy, Suspense, useEffect } from 'react';
import { RouteAnnouncer } from '@/components/a11y/RouteAnnouncer';
import { SkipLink } from '@/components/a11y/SkipLink';
import { FullScreenLoader } from '@/components/FullScreenLoader';
import { Toaster } from '@/components/toasts/Toaster';
import { paths } from '@/config/paths';
import { ContributorGuard } from '@/features/contributor-journey/components/ContributorGuard';
import { ContributorLayout } from '@/features/contributor-journey/components/ContributorLayout';
import { GoodJobPage } from '@/features/contributor-journey/components/GoodJobPage';
import { JoinPage } from '@/features/contributor-journey/components/JoinPage';
import { JourneyPage } from '@/features/contributor-journey/components/JourneyPage';
import { LandingPage, useInvitationFromLink } from '@/features/contributor-journey/components/LandingPage';
import { StudioPage } from '@/features/contributor-journey/recording/StudioPage';
import { matchContributorPath, ParamsProvider, useLocation } from '@/features/contributor-journey/app/router';
import { t, useLocale } from '@/features/contributor-journey/i18n/i18n';

// The script page is off the linear flow (landing, journey, recording, good job): loaded when opened.
const ScriptPage = lazy(() => import('@/features/contributor-journey/components/ScriptPage').then((m) => ({ default: m.ScriptPage })));

function Landing() {
  // The guard lets in the link's invitation before the browser keeps it.
  const data = useInvitationFromLink();
  return (
    <ContributorGuard path={paths.contributorCampaign} invitation={data}>
      <LandingPage data={data} />
    </ContributorGuard>
  );
}

function Page({ pattern }: { pattern: string }) {
  switch (pattern) {
    case paths.contributorCampaign:
      return <Landing />;
    case paths.contributorJourney:
      return (
        <ContributorGuard path={paths.contributorJourney}>
          <JourneyPage />
        </ContributorGuard>
      );
    case paths.contributorRecordVideo:
      return (
        <ContributorGuard path={paths.contributorRecordVideo}>
          <StudioPage />
        </ContributorGuard>
      );
    case paths.contributorJoin:
      // In the main chunk: as a chunk of its own it would split the API client out of the
      // linear flow's chunk (the budget counts chunks before the camera opens).
      return <JoinPage />;
    case paths.contributorGoodJob:
      return (
        <ContributorGuard path={paths.contributorGoodJob}>
          <GoodJobPage />
        </ContributorGuard>
      );
    default:
      return (
        <ContributorGuard path={paths.contributorScript}>
          <Suspense fallback={<FullScreenLoader />}>
            <ScriptPage />
          </Suspense>
        </ContributorGuard>
      );
  }
}

function LeaveToStaffApp() {
  useEffect(() => window.location.replace(window.location.href), []);
  return null;
}

/** The contributor pages' own app: their layout, the page of the path, toasts. */
export function ContributorApp() {
  const { pathname } = useLocation();
  // Every page renders again in the language chosen (its texts are read while rendering); nothing
  // is remounted, so a form being filled or a take being recorded goes on.
  useLocale();
  const match = matchContributorPath(pathname);
  return (
    <>
      {match ? (
        <ParamsProvider params={match.params}>
          <SkipLink label={t('common.skipToMain')} />
          <ContributorLayout>
            <Page key={match.pattern} pattern={match.pattern} />
          </ContributorLayout>
        </ParamsProvider>
      ) : (
        <LeaveToStaffApp />
      )}
      <RouteAnnouncer pathname={pathname} />
      <Toaster dismissLabel={t('common.dismissNotification')} />
    </>
  );
}
