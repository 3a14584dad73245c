import { Card } from '@/components/layouts/PageHeader';
import { Spinner } from '@/components/ui/Spinner';
import { useCampaignContributors, useContributorAnswers } from '../../api/contributors';
import { ContributorRow } from './ContributorRow';
import { InviteContributorForm } from './InviteContributorForm';

/** The campaign's collaborators: invite, list with status and progress, manage, watch their answers. */
export function ContributorsPanel({ campaignId, initiativeId }: { campaignId: string; initiativeId: string }) {
  const list = useCampaignContributors(campaignId);
  const contributors = list.data ?? [];
  const answers = useContributorAnswers(campaignId, contributors.length > 0);
  const answersOf = (contributorId: string) =>
    answers.data?.find((a) => a.contributor.contributorId === contributorId)?.answers ??
    (answers.data ? [] : undefined);

  return (
    <Card>
      <section aria-labelledby="collaborators-heading">
        <h2 id="collaborators-heading" className="text-lg font-semibold">
          Collaborators
        </h2>
        <p className="mb-4 text-xs text-muted">
          People invited by e-mail to record their answers. Inviting the first collaborator makes a draft campaign live.
        </p>
        <InviteContributorForm campaignId={campaignId} />
        <div className="mt-6">
          {list.isPending ? (
            <Spinner className="h-5 w-5" />
          ) : list.isError ? (
            <p className="text-sm text-muted">The collaborators could not be loaded.</p>
          ) : contributors.length === 0 ? (
            <p className="text-sm text-muted">No collaborators yet.</p>
          ) : (
            <ul aria-label="Collaborators" className="divide-y divide-line">
              {contributors.map((c) => (
                <ContributorRow
                  key={c.contributorId}
                  campaignId={campaignId}
                  initiativeId={initiativeId}
                  contributor={c}
                  answers={answersOf(c.contributorId)}
                />
              ))}
            </ul>
          )}
        </div>
      </section>
    </Card>
  );
}
