import { Link } from '../app/router';
import { paths } from '@/config/paths';
import { ContributorFrame } from './ContributorFrame';

export function GoodJobPage() {
  return (
    <ContributorFrame>
      <section className="rounded-xl border border-line bg-raised p-8 text-center shadow-sm" data-testid="good-job">
        <p className="text-5xl" aria-hidden>
          🎉
        </p>
        <h1 className="mt-3 text-2xl font-semibold">Good job!</h1>
        <p className="mt-2 text-muted">Your videos have been submitted successfully. Thank you for sharing your story.</p>
        <p className="mt-1 text-sm text-muted">The campaign team will be in touch if they need anything else. You can close this page.</p>
        <Link to={paths.contributorJourney} className="mt-6 inline-block text-sm text-primary underline">
          See your answers
        </Link>
      </section>
    </ContributorFrame>
  );
}
