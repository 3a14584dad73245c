import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Card, PageHeader } from '@/components/layouts/PageHeader';
import { Button } from '@/components/ui/Button';
import { CampaignStatusBadge } from '@/components/ui/CampaignStatusBadge';
import { ConfirmButton } from '@/components/ui/ConfirmButton';
import { Dialog } from '@/components/ui/Dialog';
import { Spinner } from '@/components/ui/Spinner';
import { buildPath, paths } from '@/config/paths';
import type { CurrentUser } from '@/types/api';
import { useQueryClient } from '@tanstack/react-query';
import {
  saveBrief,
  saveScript,
  useCampaign,
  useCreateCampaign,
  useDeleteCampaign,
  usePublishCampaign,
  useUpdateCampaign,
} from '../api/campaigns-api';
import { campaignKey, questionsKey, refreshCampaign, useConflictStore } from '../api/write-queue';
import { useDebouncedSave } from '../lib/use-debounced-save';
import type { Campaign } from '../types';
import { AiParagraphsButton } from './AiParagraphsButton';
import { CampaignDetailsForm } from './CampaignDetailsForm';
import { CampaignFunnel } from './CampaignFunnel';
import { CampaignShare, takesSignUps } from './CampaignShare';
import { ContributorsPanel } from './contributors/ContributorsPanel';
import { CollaboratorExtraContext, type CollaboratorExtra } from './contributors/extras';
import { ParticipantsPanel } from './ParticipantsPanel';
import { QuestionGenerator } from './QuestionGenerator';
import { QuestionList } from './QuestionList';
import { RichTextEditor } from './RichTextEditor';

/** /initiative/campaign/create: the details; questions and the rest once it is saved. */
export function CampaignCreate() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const create = useCreateCampaign();
  return (
    <>
      <PageHeader
        title="Create campaign"
        description="Fill in the details and save: questions, brief, script and participants follow."
        actions={
          <Button variant="secondary" onClick={() => navigate(paths.campaigns)}>
            Back to campaigns
          </Button>
        }
      />
      <div className="space-y-6">
        <CampaignDetailsForm
          initialInitiativeId={params.get('initiativeId') ?? ''}
          submitLabel="Create campaign"
          onSubmit={async (input) => {
            const campaign = await create.mutateAsync(input);
            navigate(buildPath(paths.campaignEdit, { id: campaign.id }), { replace: true });
          }}
        />
        <Card>
          <h2 className="text-lg font-semibold">Questions</h2>
          <p className="text-sm text-muted">Save the campaign first, then add its questions, brief and script.</p>
        </Card>
      </div>
    </>
  );
}

function ConflictBanner({ campaignId }: { campaignId: string }) {
  const message = useConflictStore((s) => s.message);
  const reloaded = useConflictStore((s) => s.reloaded);
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  if (!message) return null;
  return (
    <div role="alert" className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-warning/50 bg-raised px-4 py-3 text-sm">
      <p>{message}</p>
      <Button
        size="sm"
        loading={busy}
        onClick={async () => {
          setBusy(true);
          try {
            await refreshCampaign(campaignId);
            await qc.invalidateQueries({ queryKey: questionsKey(campaignId) });
            reloaded();
          } finally {
            setBusy(false);
          }
        }}
      >
        Reload
      </Button>
    </div>
  );
}

function TextEditors({ campaign }: { campaign: Campaign }) {
  const id = campaign.id;
  const brief = useDebouncedSave(useCallback((html: string) => saveBrief(id, html), [id]));
  const script = useDebouncedSave(useCallback((html: string) => saveScript(id, html), [id]));
  return (
    <Card className="space-y-6">
      <RichTextEditor
        label="Brief"
        description="What contributors read before they record."
        initialContent={campaign.brief}
        onChange={brief.schedule}
        status={brief.status}
        actions={(editor) => <AiParagraphsButton campaignId={id} kind="brief" editor={editor} />}
      />
      <RichTextEditor
        label="Script"
        description="The teleprompter script contributors can start from."
        initialContent={campaign.script}
        onChange={script.schedule}
        status={script.status}
        actions={(editor) => <AiParagraphsButton campaignId={id} kind="script" editor={editor} />}
      />
    </Card>
  );
}

/** The collaborator's landing page of the campaign, opened as a preview (see the contributor pages' preview mode). */
function contributorPreviewUrl(tenantId: string, campaignId: string): string {
  return `${buildPath(paths.contributorCampaign, { tenantId, campaignId })}?preview=1`;
}

/** /initiative/campaign/:id: edit everything, preview as a contributor, publish, delete. */
export function CampaignEdit({
  id,
  user,
  extra,
  collaboratorExtra = null,
}: {
  id: string;
  user: CurrentUser;
  /** Shown after the participants (publishing: the campaign's published figures). */
  extra?: ReactNode;
  collaboratorExtra?: CollaboratorExtra | null;
}) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const campaign = useCampaign(id);
  const reloads = useConflictStore((s) => s.reloads);
  const update = useUpdateCampaign(id);
  const publish = usePublishCampaign(id);
  const remove = useDeleteCampaign();
  const [confirmDelete, setConfirmDelete] = useState(false);

  // A conflict belongs to the campaign it happened on.
  useEffect(() => () => useConflictStore.getState().set(null), [id]);

  if (campaign.isPending) {
    return (
      <div className="flex justify-center py-20">
        <Spinner className="h-6 w-6" />
      </div>
    );
  }
  if (campaign.isError || !campaign.data) {
    return (
      <Card className="py-14 text-center">
        <p className="mb-4 text-sm text-muted">This campaign could not be loaded.</p>
        <Button variant="secondary" onClick={() => navigate(paths.campaigns)}>
          Back to campaigns
        </Button>
      </Card>
    );
  }
  const data = campaign.data;
  const formKey = `${id}-${reloads}`;

  return (
    <>
      <PageHeader
        title={data.title}
        description={
          <span className="inline-flex items-center gap-2">
            <CampaignStatusBadge status={data.status} /> {data.initiativeName}
          </span>
        }
        actions={
          <>
            {data.status !== 'draft' && (
              <Link
                to={`${paths.responses}?${new URLSearchParams({ campaignId: id }).toString()}`}
                className="inline-flex h-10 items-center rounded-lg border border-line bg-raised px-4 text-sm font-medium text-fg hover:bg-sunken focus:outline-2 focus:outline-offset-2 focus:outline-ring"
              >
                Answers
              </Link>
            )}
            {data.status !== 'draft' && (
              <Link
                to={buildPath(paths.stories, { campaignId: id })}
                className="inline-flex h-10 items-center rounded-lg border border-line bg-raised px-4 text-sm font-medium text-fg hover:bg-sunken focus:outline-2 focus:outline-offset-2 focus:outline-ring"
              >
                Stories
              </Link>
            )}
            {/* The collaborator's real pages, in a tab of their own where nothing is uploaded or kept. */}
            <a
              href={contributorPreviewUrl(user.tenantId ?? '', id)}
              target="_blank"
              rel="noopener"
              className="inline-flex h-10 items-center rounded-lg border border-line bg-raised px-4 text-sm font-medium text-fg hover:bg-sunken focus:outline-2 focus:outline-offset-2 focus:outline-ring"
            >
              Preview as contributor
            </a>
            {data.status === 'draft' && (
              <Button loading={publish.isPending} onClick={() => publish.mutate()}>
                Publish campaign
              </Button>
            )}
            <Button variant="danger" onClick={() => setConfirmDelete(true)}>
              Delete campaign
            </Button>
          </>
        }
      />
      <ConflictBanner campaignId={id} />
      <div key={formKey} className="space-y-6">
        <CampaignDetailsForm
          campaign={data}
          submitLabel="Save changes"
          onSubmit={(input) => update.mutateAsync(input)}
          onInitiativeDeleted={(initiativeId) => {
            if (initiativeId === data.initiativeId) {
              qc.removeQueries({ queryKey: campaignKey(id) });
              navigate(paths.campaigns, { replace: true });
            }
          }}
        />
        <QuestionList campaignId={id} />
        <QuestionGenerator campaignId={id} />
        <TextEditors campaign={data} />
        {takesSignUps(data) && <CampaignShare campaign={data} tenantId={user.tenantId ?? ''} />}
        <ParticipantsPanel campaignId={id} />
        {extra}
        <CollaboratorExtraContext.Provider value={collaboratorExtra}>
          <ContributorsPanel campaignId={id} initiativeId={data.initiativeId} />
        </CollaboratorExtraContext.Provider>
        <CampaignFunnel campaignId={id} />
      </div>
      <Dialog
        open={confirmDelete}
        title="Delete campaign?"
        onClose={() => setConfirmDelete(false)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirmDelete(false)}>
              Cancel
            </Button>
            <ConfirmButton
              variant="danger"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(id, {
                  onSuccess: () => {
                    setConfirmDelete(false);
                    navigate(paths.campaigns, { replace: true });
                  },
                })
              }
            >
              Delete campaign
            </ConfirmButton>
          </>
        }
      >
        <p>
          Deleting <strong>{data.title}</strong> removes its questions, contributors and videos. This cannot be undone.
        </p>
      </Dialog>
    </>
  );
}
