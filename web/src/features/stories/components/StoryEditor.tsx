import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { Card, PageHeader } from '@/components/layouts/PageHeader';
import { Button } from '@/components/ui/Button';
import { useLeaveGuard } from '@/components/ui/LeaveGuard';
import { Spinner } from '@/components/ui/Spinner';
import { buildPath, paths } from '@/config/paths';
import { ApiError, fieldErrorsOf } from '@/lib/api/errors';
import { useSessionStore } from '@/stores/session-store';
import { toast } from '@/stores/toast-store';
import { useEditorTheme } from '../api/editor-brand';
import {
  libraryKeys,
  useAnswers,
  useCampaignCollaborators,
  useCampaignQuestions,
  useCampaignTitle,
  type LibraryAnswer,
} from '../api/library';
import { useSaveStory, useStory, type DroppedClip, type Story } from '../api/story';
import { previewPlan } from '../lib/editor/preview';
import {
  answerKey,
  canTrim,
  clipOf,
  contentOf,
  draftOf,
  EMPTY_DRAFT,
  moveItem,
  sameContent,
  totalSeconds,
  type ClipSource,
  type EditorClip,
  type StoryDraft,
} from '../lib/editor/story';
import { formatSeconds } from '../lib/editor/words';
import { ClipList } from './editor/ClipList';
import { DroppedCitations } from './editor/DroppedCitations';
import { LibraryPanel } from './editor/LibraryPanel';
import { RenderPanel } from './editor/RenderPanel';
import { StoryDetails } from './editor/StoryDetails';
import { StoryPreview } from './editor/StoryPreview';

/** A story holds at most this many clips (the API's limit). */
export const MAX_CLIPS = 48;
export const STORY_SAVED = 'Story saved';
export const CONFLICT_HINT = 'Reloading shows the latest version; your changes here are lost.';
export const UNSAVED_STORY = 'Your changes to this story are not saved. If you leave now, they are lost.';

type Props = {
  campaignId: string;
  /** null: a new story, not saved yet. */
  storyId: string | null;
  /** Opened from an AI draft (`?draft=1`): what its check dropped, if the list page passed it on. */
  draft: { dropped: DroppedClip[] | null } | null;
};

/** The library answers of the story's clips (their words and videos), by answer. */
function useSources(campaignId: string, clips: EditorClip[]): Record<string, LibraryAnswer | undefined> {
  const refs = useMemo(() => {
    const seen = new Map<string, { contributorId: string; questionId: string }>();
    for (const c of clips) seen.set(answerKey(c), { contributorId: c.contributorId, questionId: c.questionId });
    return [...seen.values()];
  }, [clips]);
  const answers = useAnswers(campaignId, refs);
  return Object.fromEntries(refs.map((r, i) => [answerKey(r), answers[i]?.data ?? undefined]));
}

function StoryEditorScreen({ campaignId, storyId, draft: fromDraft }: Props) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const story = useStory(campaignId, storyId);
  const campaignTitle = useCampaignTitle(campaignId);
  const questions = useCampaignQuestions(campaignId);
  const collaborators = useCampaignCollaborators(campaignId);
  const theme = useEditorTheme();
  // The organisation's logo (a short-lived URL) comes with the signed-in user.
  const logoUrl = useSessionStore((s) => s.user?.companyLogo ?? null);
  const save = useSaveStory(campaignId);

  // The story as last read or saved, and the editor's draft of it.
  const [base, setBase] = useState<Story | null>(null);
  const [draft, setDraft] = useState<StoryDraft | null>(storyId ? null : EMPTY_DRAFT);
  const [errors, setErrors] = useState<{ field: string; message: string }[]>([]);
  const [conflict, setConflict] = useState<string | null>(null);
  const [playing, setPlaying] = useState(-1);
  const [showDropped, setShowDropped] = useState(true);
  const [announcement, setAnnouncement] = useState('');

  if (storyId && story.data && !base) {
    setBase(story.data);
    setDraft(draftOf(story.data));
  }

  // Unsaved: changed since it was read or saved; a new story once anything is in it.
  const unsaved = !!draft && !sameContent(draft, base ? draftOf(base) : EMPTY_DRAFT);
  const guard = useLeaveGuard(unsaved, UNSAVED_STORY);

  const clips = draft?.clips ?? [];
  const sources = useSources(campaignId, clips);
  const sourceOf = (clip: EditorClip): ClipSource | undefined => sources[answerKey(clip)];
  const urlOf = (clip: EditorClip) => {
    const source = sources[answerKey(clip)];
    return source && canTrim(clip, source) ? (source.url ?? undefined) : undefined;
  };
  const plan = draft ? previewPlan(draft, (i) => urlOf(clips[i]!)) : { items: [], skipped: [] };
  const onClip = useCallback((i: number) => setPlaying(i), []);

  const change = (update: (d: StoryDraft) => StoryDraft) => setDraft((d) => (d ? update(d) : d));
  const setClips = (update: (clips: EditorClip[]) => EditorClip[]) => change((d) => ({ ...d, clips: update(d.clips) }));

  const add = (answer: LibraryAnswer, range: { from: number; to: number }) => {
    if (clips.length >= MAX_CLIPS) {
      toast.error(`A story has at most ${MAX_CLIPS} clips`);
      return;
    }
    const clip = clipOf(answer, range);
    if (!clip) return;
    qc.setQueryData(libraryKeys.answer(campaignId, answer.contributorId, answer.questionId), answer);
    setClips((list) => [...list, clip]);
    setAnnouncement(`Clip ${clips.length + 1} added: ${answer.speaker}, “${clip.text}”`);
  };

  const reload = async () => {
    const fresh = await story.refetch();
    if (fresh.data) {
      setBase(fresh.data);
      setDraft(draftOf(fresh.data));
      setConflict(null);
      setErrors([]);
    }
  };

  const submit = () => {
    if (!draft) return;
    setErrors([]);
    setConflict(null);
    save.mutate(
      { storyId, version: base?.version ?? 0, content: contentOf(draft) },
      {
        onSuccess: (saved) => {
          setBase(saved);
          setDraft((d) => draftOf(saved, d ?? undefined));
          toast.success(STORY_SAVED);
          if (!storyId) {
            // Saved: this render still counts the draft as unsaved.
            guard.allowNextNavigation();
            void navigate(buildPath(paths.storyEditor, { campaignId, storyId: saved.storyId }), { replace: true });
          }
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) {
            setConflict(error.message);
            return;
          }
          const fields = error instanceof ApiError ? fieldErrorsOf(error.body) : [];
          setErrors(fields.length > 0 ? fields : [{ field: '', message: error.message }]);
        },
      },
    );
  };

  if (storyId && story.error) {
    return (
      <Card>
        <p role="alert" className="text-danger">
          {story.error.message}
        </p>
        <Link className="underline" to={buildPath(paths.campaignEdit, { id: campaignId })}>
          Back to the campaign
        </Link>
      </Card>
    );
  }
  if (!draft) return <Spinner />;

  const dirty = !base || !sameContent(draft, draftOf(base));
  const speakers = new Set(clips.map((c) => c.contributorId)).size;
  const fieldErrors = Object.fromEntries(errors.map((e) => [e.field, e.message]));
  const dropped = fromDraft ? (fromDraft.dropped ?? base?.draft?.dropped ?? []) : [];
  const nameOf = (id: string) =>
    base?.speakers.find((s) => s.contributorId === id)?.name || collaborators.data?.people.find((c) => c.contributorId === id)?.fullName;
  const questionOf = (id: string) => questions.data?.find((q) => q.campaignQuestionId === id)?.question;
  const blocked = !storyId ? 'Save the story to render it.' : dirty ? 'Save your changes to render them.' : null;

  return (
    <div className="space-y-6">
      {guard.dialog}
      <PageHeader
        title={draft.title.trim() || (storyId ? 'Story' : 'New story')}
        description={campaignTitle.data ? `A story of the campaign “${campaignTitle.data}”` : undefined}
        actions={
          <Link className="inline-flex min-h-10 items-center text-sm underline" to={buildPath(paths.campaignEdit, { id: campaignId })}>
            Back to the campaign
          </Link>
        }
      />
      {dropped.length > 0 && showDropped && (
        <DroppedCitations dropped={dropped} nameOf={nameOf} questionOf={questionOf} onDismiss={() => setShowDropped(false)} />
      )}
      {fromDraft && base?.draft && (base.draft.short || base.draft.selectionNote) && (
        <p className="rounded-lg border border-line bg-raised p-3 text-sm">
          Drafted from the brief “{base.draft.brief}”.{' '}
          {base.draft.short && `The clips kept last ${formatSeconds(base.draft.seconds)}, shorter than the ${base.draft.targetSeconds} seconds asked for. `}
          {base.draft.selectionNote}
        </p>
      )}
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <Card className="min-w-0">
          <LibraryPanel campaignId={campaignId} onAdd={add} />
        </Card>
        <div className="min-w-0 space-y-6">
          <Card>
            <section aria-labelledby="story-heading" className="space-y-4">
              <h2 id="story-heading" className="text-lg font-semibold">
                The story
              </h2>
              <StoryDetails draft={draft} errors={fieldErrors} onChange={change} />
              <p className="text-sm" data-testid="story-total">
                Length <span className="font-semibold tabular-nums">{formatSeconds(totalSeconds(draft))}</span> · {clips.length}{' '}
                {clips.length === 1 ? 'clip' : 'clips'} · {speakers} {speakers === 1 ? 'speaker' : 'speakers'}
              </p>
              <ClipList
                clips={clips}
                sourceOf={sourceOf}
                playing={playing}
                onChange={(i, clip) => setClips((list) => list.map((c, j) => (j === i ? clip : c)))}
                onMove={(from, to) => {
                  setClips((list) => moveItem(list, from, to));
                  setAnnouncement(`Clip ${from + 1} moved to place ${to + 1}`);
                }}
                onRemove={(i) => {
                  setClips((list) => list.filter((_, j) => j !== i));
                  setAnnouncement(`Clip ${i + 1} removed`);
                }}
              />
              <p className="sr-only" role="status">
                {announcement}
              </p>
              {conflict && (
                <div role="alert" className="space-y-2 rounded-lg border border-danger bg-danger-soft p-3 text-sm">
                  <p className="font-medium">{conflict}</p>
                  <p>{CONFLICT_HINT}</p>
                  <Button size="sm" variant="secondary" loading={story.isFetching} onClick={() => void reload()}>
                    Reload the story
                  </Button>
                </div>
              )}
              {errors.length > 0 && (
                <div role="alert" className="rounded-lg border border-danger bg-danger-soft p-3 text-sm text-danger">
                  <p className="font-medium">The story was not saved:</p>
                  <ul className="list-inside list-disc">
                    {errors.map((e, i) => (
                      <li key={i}>{e.field.startsWith('clips[') ? `Clip ${Number(/\d+/.exec(e.field)?.[0] ?? 0) + 1}: ${e.message}` : e.message}</li>
                    ))}
                  </ul>
                </div>
              )}
              <div className="flex flex-wrap items-center gap-3">
                <Button onClick={submit} loading={save.isPending} disabled={!dirty && !!storyId}>
                  Save story
                </Button>
                <span className="text-sm text-muted" data-testid="save-state">
                  {!storyId ? 'Not saved yet' : dirty ? 'Unsaved changes' : 'All changes saved'}
                </span>
              </div>
            </section>
          </Card>
          <Card>
            <StoryPreview
              items={plan.items}
              skipped={plan.skipped}
              lowerThirds={draft.lowerThirds}
              theme={theme.data}
              logoUrl={logoUrl}
              onClip={onClip}
            />
          </Card>
          <Card>
            <RenderPanel campaignId={campaignId} story={story.data ?? base ?? undefined} blocked={blocked} />
          </Card>
        </div>
      </div>
    </div>
  );
}

/** `/campaign/:campaignId/stories/:storyId` (`new`: a story not saved yet). */
export function StoryEditorPage() {
  const { campaignId, storyId } = useParams();
  const [search] = useSearchParams();
  const location = useLocation();
  if (!campaignId || !storyId) return null;
  const state = location.state as { dropped?: unknown } | null;
  const draft =
    search.get('draft') === '1' ? { dropped: Array.isArray(state?.dropped) ? (state.dropped as DroppedClip[]) : null } : null;
  const id = storyId === 'new' ? null : storyId;
  return <StoryEditorScreen key={`${campaignId}/${storyId}`} campaignId={campaignId} storyId={id} draft={draft} />;
}
