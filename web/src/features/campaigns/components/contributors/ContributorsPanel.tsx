import { Card } from '@/components/layouts/PageHeader';
import { Button } from '@/components/ui/Button';
import { ConfirmButton } from '@/components/ui/ConfirmButton';
import { Spinner } from '@/components/ui/Spinner';
import { useCampaignContributors, useContributorAnswerPages, useRemindAll, type PageCursor } from '../../api/contributors';
import { ContributorRow } from './ContributorRow';
import { InviteContributorForm } from './InviteContributorForm';

/**
 * The campaign's collaborators: invite, list with status and progress (10 at a time, "Show more" for
 * the next 10), manage, watch their answers.
 */
export function ContributorsPanel({ campaignId, initiativeId }: { campaignId: string; initiativeId: string }) {
  const list = useCampaignContributors(campaignId);
  const pages = list.data?.pages ?? [];
  const cursors = (list.data?.pageParams ?? []) as PageCursor[];
  const answerPages = useContributorAnswerPages(
    campaignId,
    pages.map((page, i) => ({ cursor: cursors[i] ?? null, enabled: page.items.length > 0 })),
  );
  const total = pages.reduce((n, page) => n + page.items.length, 0);

  /** undefined while the answers of that page load. */
  const answersOf = (pageIndex: number, contributorId: string) => {
    const data = answerPages[pageIndex]?.data;
    if (!data) return undefined;
    return data.items.find((a) => a.contributor.contributorId === contributorId)?.answers ?? [];
  };

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
        {total > 0 && <RemindAllButton campaignId={campaignId} />}
        <div className="mt-6">
          {list.isPending ? (
            <Spinner className="h-5 w-5" />
          ) : list.isError && pages.length === 0 ? (
            <p className="text-sm text-muted">The collaborators could not be loaded.</p>
          ) : total === 0 ? (
            <p className="text-sm text-muted">No collaborators yet.</p>
          ) : (
            <>
              <ul aria-label="Collaborators" className="divide-y divide-line">
                {pages.flatMap((page, pageIndex) =>
                  page.items.map((c) => (
                    <ContributorRow
                      key={c.contributorId}
                      campaignId={campaignId}
                      initiativeId={initiativeId}
                      contributor={c}
                      answers={answersOf(pageIndex, c.contributorId)}
                    />
                  )),
                )}
              </ul>
              {list.hasNextPage && (
                <div className="mt-4 flex justify-center">
                  <Button
                    variant="secondary"
                    size="sm"
                    loading={list.isFetchingNextPage}
                    onClick={() => void list.fetchNextPage()}
                  >
                    Show more
                  </Button>
                </div>
              )}
              {list.isFetchNextPageError && (
                <p className="mt-2 text-center text-sm text-muted">More collaborators could not be loaded.</p>
              )}
            </>
          )}
        </div>
      </section>
    </Card>
  );
}

/** "Remind all who have not submitted": locked for a few seconds after a click (ConfirmButton), once an hour by the API. */
function RemindAllButton({ campaignId }: { campaignId: string }) {
  const remind = useRemindAll(campaignId);
  return (
    <div className="mt-4 flex items-center gap-3">
      <ConfirmButton variant="secondary" loading={remind.isPending} onClick={() => remind.mutate()}>
        Remind all who have not submitted
      </ConfirmButton>
      <span className="text-xs text-muted">At most once an hour; 3 reminders per collaborator in all.</span>
    </div>
  );
}
