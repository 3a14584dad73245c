import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from '../app/router';
import { MAIN_ID } from '@/components/a11y/SkipLink';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { paths } from '@/config/paths';
import { errorMessageOf } from '@/lib/api/errors';
import { useContributorCampaign, useContributorData, useJourney, useQuestionsToAsk } from '../api/queries';
import { Notice } from '../components/ContributorFrame';
import { getUploadManager } from '../uploads/uploads';
import type { JourneyQuestion } from '../types';
import { t } from '../i18n/i18n';
import { Studio } from './Studio';

/** Loads what the studio needs, then the studio (remounted between practice and final recording). */
export function StudioPage() {
  const data = useContributorData();
  const [search] = useSearchParams();
  const practice = search.get('istest') === 'true';
  // One answer recorded again from the journey (the collaborator's choice, before submitting).
  const again = practice ? null : search.get('campaignQuestionId');
  const campaign = useContributorCampaign(data);
  const journey = useJourney(data);
  const toAsk = useQuestionsToAsk(data, !practice);
  const [pending, setPending] = useState<Set<string> | null>(null);
  // The questions are fixed once loaded: from this visit's reads, never from copies kept from an
  // earlier page, which may hold a script the collaborator has since rewritten.
  const [fresh, setFresh] = useState(false);
  useEffect(() => {
    let alive = true;
    setFresh(false);
    void Promise.all([journey.refetch(), practice ? null : toAsk.refetch()]).then(() => alive && setFresh(true));
    return () => {
      alive = false;
    };
    // Once per visit of the page, after the reads its resources started.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [practice]);

  useEffect(() => {
    if (!data) return;
    let alive = true;
    if (typeof indexedDB === 'undefined') {
      setPending(new Set());
      return;
    }
    const manager = getUploadManager();
    void manager
      .resume(data)
      .catch(() => undefined)
      .then(() => {
        if (alive) setPending(new Set(manager.pendingTakes().map((t) => t.campaignQuestionId)));
      });
    return () => {
      alive = false;
    };
    // Once per visit of the page: the list of questions must not change under the contributor.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [practice]);

  const questions = useMemo<JourneyQuestion[] | null>(() => {
    if (!fresh || !journey.data || !pending || (!practice && !toAsk.data)) return null;
    const all = [...journey.data.questions].sort((a, b) => a.sequence - b.sequence);
    const chosen = again ? all.find((q) => q.campaignQuestionId === again) : undefined;
    if (chosen) return [chosen];
    if (practice) {
      // Spec section 4: questions flagged for re-recording, or all of them.
      const sentBack = all.filter((q) => q.sentForReRecording);
      return sentBack.length > 0 ? sentBack : all;
    }
    // The server's list (only those sent back when any are); takes still uploading from this browser are not asked again.
    const byId = new Map(all.map((q) => [q.campaignQuestionId, q]));
    return [...toAsk.data!]
      .sort((a, b) => a.sequence - b.sequence)
      .filter((q) => !pending.has(q.campaignQuestionId))
      .map((q) => ({ ...byId.get(q.campaignQuestionId), ...q }));
    // Computed once when everything has loaded.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fresh, journey.data !== undefined, toAsk.data !== undefined, pending, practice, again]);

  // The studio says "Question 3 of 3" when only the third is left: each question's place in the campaign.
  const numbers = useMemo(() => {
    const all = [...(journey.data?.questions ?? [])].sort((a, b) => a.sequence - b.sequence);
    return Object.fromEntries(all.map((q, i) => [q.campaignQuestionId, i + 1]));
  }, [journey.data]);

  if (!data) return <Notice title={t('common.incompleteLink')}>{t('common.openInvitationAgain')}</Notice>;
  const error = campaign.error ?? journey.error ?? toAsk.error;
  if (error) {
    return (
      <Notice title={t('studio.loadError')}>
        <p role="alert">{errorMessageOf(error)}</p>
        <Link className="text-primary underline" to={paths.contributorJourney}>
          {t('common.backToQuestions')}
        </Link>
      </Notice>
    );
  }
  if (!campaign.data || !questions) {
    return (
      <main id={MAIN_ID} className="fixed inset-0 flex items-center justify-center bg-black">
        <Spinner className="h-8 w-8 text-white" label={t('studio.opening')} />
      </main>
    );
  }
  if (questions.length === 0) {
    return (
      <Notice title={t('studio.nothingLeft')} testId="studio-nothing-left">
        <p>{t('studio.nothingLeftBody')}</p>
        <Link to={paths.contributorJourney}>
          <Button>{t('common.backToQuestions')}</Button>
        </Link>
      </Notice>
    );
  }
  return (
    <Studio
      key={practice ? 'practice' : `final-${again ?? ''}`}
      data={data}
      practice={practice}
      questions={questions}
      numbers={numbers}
      total={Object.keys(numbers).length}
      mode={campaign.data.campaign.mode}
      videoConfig={questions[0]?.videoConfig ?? campaign.data.videoConfig}
    />
  );
}
