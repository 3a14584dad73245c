import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Card, PageHeader } from '@/components/layouts/PageHeader';
import { Button } from '@/components/ui/Button';
import { ConfirmButton } from '@/components/ui/ConfirmButton';
import { Dialog } from '@/components/ui/Dialog';
import { Spinner } from '@/components/ui/Spinner';
import { buildPath, paths } from '@/config/paths';
import { formatDateTime, NO_DATE } from '@/lib/format';
import { cn } from '@/utils/cn';
import {
  formatLength,
  renderLabel,
  useCampaignTitle,
  useDeleteStory,
  usePublishedStories,
  useStories,
  type StorySummary,
} from '../api/stories-list';
import { StoryDraftDialog } from './StoryDraftDialog';

/** "New story" opens the editor on a story not saved yet. */
export const NEW_STORY_ID = 'new';

export const editorPath = (campaignId: string, storyId: string) => buildPath(paths.storyEditor, { campaignId, storyId });

const RENDER_STYLE = {
  processing: 'bg-info/15 text-info',
  ready: 'bg-success-soft text-success',
  failed: 'bg-danger-soft text-danger',
} as const;

const linkButton =
  'inline-flex min-h-10 items-center rounded-lg border border-line bg-raised px-4 text-sm font-medium text-fg hover:bg-sunken focus:outline-2 focus:outline-offset-2 focus:outline-ring';

/**
 * A campaign's stories (issue 23): each story's title, speakers, length, renders, whether it is
 * published and when it changed; a new story, an AI draft, open and delete.
 */
export function StoriesList({ campaignId }: { campaignId: string }) {
  const navigate = useNavigate();
  const stories = useStories(campaignId);
  const published = usePublishedStories(campaignId);
  const campaignTitle = useCampaignTitle(campaignId);
  const [drafting, setDrafting] = useState(false);
  const [deleting, setDeleting] = useState<StorySummary | null>(null);
  const items = stories.data?.pages.flatMap((p) => p.items) ?? [];

  let body;
  if (stories.isPending) {
    body = (
      <div className="flex justify-center py-14">
        <Spinner className="h-6 w-6" />
      </div>
    );
  } else if (stories.isError) {
    body = (
      <p role="alert" className="px-6 py-10 text-center text-sm text-danger">
        The stories could not be loaded. {stories.error.message}
      </p>
    );
  } else if (items.length === 0) {
    body = (
      <p className="px-6 py-10 text-center text-sm text-muted">
        No story yet. Start one from the campaign&apos;s answers, or let the AI draft one from a brief.
      </p>
    );
  } else {
    body = (
      <ul className="divide-y divide-line" aria-label="Stories">
        {items.map((story) => (
          <StoryRow
            key={story.storyId}
            story={story}
            isPublished={published.data?.has(story.storyId)}
            onDelete={() => setDeleting(story)}
          />
        ))}
      </ul>
    );
  }

  return (
    <>
      <PageHeader
        title="Stories"
        description={
          <>
            Stories of many voices{campaignTitle.data ? ` from ${campaignTitle.data}` : ''}: clips of any answers, in the order you choose.{' '}
            <Link to={buildPath(paths.campaignEdit, { id: campaignId })} className="font-medium text-primary hover:underline">
              Back to the campaign
            </Link>
          </>
        }
        actions={
          <>
            <Button variant="secondary" onClick={() => setDrafting(true)}>
              Draft with AI
            </Button>
            <Button onClick={() => navigate(editorPath(campaignId, NEW_STORY_ID))}>New story</Button>
          </>
        }
      />
      <Card className="p-0">
        <div aria-busy={stories.isFetching || undefined}>{body}</div>
        {stories.hasNextPage && (
          <div className="border-t border-line px-4 py-3">
            <Button size="sm" variant="secondary" loading={stories.isFetchingNextPage} onClick={() => void stories.fetchNextPage()}>
              Show more stories
            </Button>
          </div>
        )}
      </Card>
      <StoryDraftDialog campaignId={campaignId} open={drafting} onClose={() => setDrafting(false)} />
      <DeleteStoryDialog campaignId={campaignId} story={deleting} isPublished={deleting ? published.data?.has(deleting.storyId) : undefined} onClose={() => setDeleting(null)} />
    </>
  );
}

function StoryRow({ story, isPublished, onDelete }: { story: StorySummary; isPublished: boolean | undefined; onDelete: () => void }) {
  const speakers = story.speakers.length;
  const dropped = story.draft?.dropped ?? [];
  const nameOf = (contributorId: string | null | undefined) => story.speakers.find((s) => s.contributorId === contributorId)?.name;
  return (
    <li className="space-y-2 px-4 py-4 sm:px-6" data-testid="story-row" data-story-id={story.storyId}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h2 className="wrap-anywhere font-medium">
            <Link to={editorPath(story.campaignId, story.storyId)} className="hover:underline">
              {story.title}
            </Link>
          </h2>
          <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted">
            <span data-testid="story-speakers">
              {speakers} speaker{speakers === 1 ? '' : 's'}
            </span>
            <span data-testid="story-length">
              {formatLength(story.durationSeconds)} · {story.clips.length} clip{story.clips.length === 1 ? '' : 's'}
            </span>
            <span>Updated {formatDateTime(story.updatedAt) ?? NO_DATE}</span>
            {story.draft && <span className="rounded-full bg-sunken px-2 font-medium text-fg">AI draft</span>}
            {isPublished !== undefined && (
              <span
                data-testid="story-published"
                className={cn('rounded-full px-2 font-medium', isPublished ? 'bg-success-soft text-success' : 'bg-sunken text-muted')}
              >
                {isPublished ? 'Published' : 'Not published'}
              </span>
            )}
          </p>
          {story.renders.length === 0 ? (
            <p className="text-xs text-muted">Not rendered yet</p>
          ) : (
            <ul className="flex flex-wrap gap-2" aria-label={`Renders of ${story.title}`}>
              {story.renders.map((render) => (
                <li
                  key={render.format}
                  data-testid="story-render"
                  data-format={render.format}
                  data-status={render.status}
                  className={cn('rounded-full px-2 py-0.5 text-xs font-medium', RENDER_STYLE[render.status])}
                  title={render.status === 'failed' ? (render.failureReason ?? undefined) : undefined}
                >
                  {renderLabel(render)}
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="flex flex-wrap gap-2" role="group" aria-label={`Actions for ${story.title}`}>
          <Link to={editorPath(story.campaignId, story.storyId)} className={cn(linkButton, 'min-h-8 px-3')} aria-label={`Open ${story.title}`}>
            Open
          </Link>
          <Button size="sm" variant="ghost" className="text-danger" aria-label={`Delete ${story.title}`} onClick={onDelete}>
            Delete
          </Button>
        </div>
      </div>
      {dropped.length > 0 && (
        <details className="rounded-lg border border-warning/60 bg-warning/10 px-3 py-2 text-sm" data-testid="story-dropped">
          <summary className="cursor-pointer font-medium">
            The AI draft cited {dropped.length} clip{dropped.length === 1 ? '' : 's'} that did not match the transcripts: dropped
          </summary>
          <ul className="mt-2 space-y-2">
            {dropped.map((d, i) => (
              <li key={i}>
                <q className="italic">{d.quote}</q>{' '}
                <span className="text-muted">
                  (claimed from {nameOf(d.contributorId) ?? 'an answer'}, words {d.firstWord}–{d.lastWord})
                </span>
                <p className="text-danger">{d.reason}</p>
              </li>
            ))}
          </ul>
        </details>
      )}
    </li>
  );
}

function DeleteStoryDialog({
  campaignId,
  story,
  isPublished,
  onClose,
}: {
  campaignId: string;
  story: StorySummary | null;
  isPublished: boolean | undefined;
  onClose: () => void;
}) {
  const remove = useDeleteStory(campaignId);
  return (
    <Dialog
      open={story !== null}
      title="Delete story?"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <ConfirmButton
            variant="danger"
            loading={remove.isPending}
            onClick={() => story && remove.mutate(story.storyId, { onSuccess: onClose })}
          >
            Delete story
          </ConfirmButton>
        </>
      }
    >
      {story && (
        <div className="space-y-2">
          <p>
            The story <strong>{story.title}</strong> and its renders will be deleted. This cannot be undone.
          </p>
          <p>
            {isPublished
              ? 'It is published: its public page is taken down first, and walls showing it no longer do.'
              : 'If it is published, its public page is taken down first.'}{' '}
            The answers its clips come from are kept.
          </p>
        </div>
      )}
    </Dialog>
  );
}
