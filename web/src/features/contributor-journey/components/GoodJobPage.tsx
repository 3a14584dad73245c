import { Link } from '../app/router';
import { paths } from '@/config/paths';
import { t } from '../i18n/i18n';
import { ContributorFrame } from './ContributorFrame';

export function GoodJobPage() {
  return (
    <ContributorFrame>
      <section className="rounded-xl border border-line bg-raised p-8 text-center shadow-sm" data-testid="good-job">
        <p className="text-5xl" aria-hidden>
          🎉
        </p>
        <h1 className="mt-3 text-2xl font-semibold">{t('goodJob.title')}</h1>
        <p className="mt-2 text-muted">{t('goodJob.body')}</p>
        <p className="mt-1 text-sm text-muted">{t('goodJob.next')}</p>
        <Link to={paths.contributorJourney} className="mt-6 inline-block text-sm text-primary underline">
          {t('common.seeYourAnswers')}
        </Link>
      </section>
    </ContributorFrame>
  );
}
