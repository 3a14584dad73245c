import { useEffect, useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { Input } from '@/components/ui/Field';
import { buildPath, paths } from '@/config/paths';
import { ApiError, errorMessageOf, fieldErrorsOf } from '@/lib/api/errors';
import { toast } from '@/stores/toast-store';
import { cn } from '@/utils/cn';
import {
  BRIEF_EXAMPLE,
  BRIEF_MAX,
  draftSummary,
  TARGET_DEFAULT,
  TARGET_MAX,
  TARGET_MIN,
  useDraftStory,
  validateDraft,
  type DraftErrors,
  type DraftNavigationState,
} from '../api/draft';

/** Where the editor opens a new draft: `?draft=1`, with what was dropped as router state. */
export function draftEditorPath(campaignId: string, storyId: string): string {
  return `${buildPath(paths.storyEditor, { campaignId, storyId })}?draft=1`;
}

/** Counts the seconds since `running` became true (the model may take a while). */
function useElapsed(running: boolean): number {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    if (!running) return;
    const started = Date.now();
    setSeconds(0);
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return seconds;
}

const FIELDS = ['brief', 'targetSeconds', 'title', 'campaignId'] as const;

/**
 * The AI draft (issue 23): staff write a brief and a target length; the model reads the campaign's
 * transcripts and proposes clips, which the API checks word for word against them. The draft is
 * saved as a story and opens in the story editor, handed what was dropped and why.
 */
export function StoryDraftDialog({ campaignId, open, onClose }: { campaignId: string; open: boolean; onClose: () => void }) {
  const formId = useId();
  const briefId = useId();
  const navigate = useNavigate();
  const draft = useDraftStory(campaignId);
  const [brief, setBrief] = useState('');
  const [targetSeconds, setTargetSeconds] = useState(String(TARGET_DEFAULT));
  const [title, setTitle] = useState('');
  const [errors, setErrors] = useState<DraftErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const elapsed = useElapsed(draft.isPending);

  const close = () => {
    if (draft.isPending) return;
    setErrors({});
    setFailure(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = validateDraft({ brief, targetSeconds });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const made = await draft.mutateAsync({
        brief: brief.trim(),
        targetSeconds: Number(targetSeconds),
        title: title.trim() || null,
      });
      const summary = draftSummary(made);
      if (made.report.dropped.length > 0) toast.warning(`Draft "${made.title}" saved: ${summary}. The editor lists what was dropped and why.`);
      else toast.success(`Draft "${made.title}" saved: ${summary}`);
      const state: DraftNavigationState = { dropped: made.report.dropped };
      navigate(draftEditorPath(campaignId, made.storyId), { state });
    } catch (error) {
      const fields = error instanceof ApiError ? fieldErrorsOf(error.body) : [];
      const byField: DraftErrors = {};
      for (const { field, message } of fields) {
        if ((FIELDS as readonly string[]).includes(field)) byField[field as keyof DraftErrors] ??= message;
      }
      setErrors(byField);
      // What failed, in the API's words (no clip matched, AI off, quota, time-out, no transcripts).
      if (Object.keys(byField).length === 0) setFailure(errorMessageOf(error));
    }
  };

  return (
    <Dialog
      open={open}
      title="Draft a story with AI"
      onClose={close}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={draft.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={draft.isPending} loadingLabel="Drafting">
            Draft
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(e) => void submit(e)} className="space-y-4" aria-busy={draft.isPending || undefined}>
        <p className="text-sm text-muted">
          The AI reads the campaign&apos;s transcripts and proposes clips, each quoting what was said. Every quote is checked against
          the transcripts word for word: a clip that does not match is dropped, and you are told why.
        </p>
        <div className="space-y-1.5">
          <label htmlFor={briefId} className="block text-sm font-medium text-fg">
            Brief
          </label>
          <textarea
            id={briefId}
            value={brief}
            onChange={(e) => setBrief(e.target.value)}
            placeholder={BRIEF_EXAMPLE}
            rows={4}
            maxLength={BRIEF_MAX}
            disabled={draft.isPending}
            aria-invalid={errors.brief ? true : undefined}
            aria-describedby={errors.brief ? `${briefId}-error` : `${briefId}-hint`}
            className={cn(
              'block w-full rounded-lg border bg-raised px-3 py-2 text-sm text-fg placeholder:text-muted focus:outline-2 focus:outline-offset-1 focus:outline-ring disabled:bg-sunken',
              errors.brief ? 'border-danger' : 'border-line',
            )}
          />
          {errors.brief ? (
            <p id={`${briefId}-error`} role="alert" className="text-xs font-medium text-danger">
              {errors.brief}
            </p>
          ) : (
            <p id={`${briefId}-hint`} className="text-xs text-muted">
              What it is about, its tone and how it ends. {[...brief].length} / {BRIEF_MAX}
            </p>
          )}
        </div>
        <Input
          label="Target length (seconds)"
          type="number"
          inputMode="numeric"
          min={TARGET_MIN}
          max={TARGET_MAX}
          step={1}
          value={targetSeconds}
          onChange={(e) => setTargetSeconds(e.target.value)}
          disabled={draft.isPending}
          error={errors.targetSeconds}
          hint={`${TARGET_MIN} to ${TARGET_MAX} seconds; the draft keeps within 15 % of it.`}
        />
        <Input
          label="Title (optional)"
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          disabled={draft.isPending}
          error={errors.title}
          hint="The brief's first sentence when left empty."
        />
        {errors.campaignId && (
          <p role="alert" className="text-sm text-danger">
            {errors.campaignId}
          </p>
        )}
        {draft.isPending && (
          <div role="status" className="space-y-2 rounded-lg border border-line bg-sunken p-3 text-sm" data-testid="draft-progress">
            <p>
              The AI is reading the transcripts and choosing clips; then every citation is checked. {elapsed > 0 && `${elapsed} s`}
            </p>
            <progress className="h-1.5 w-full overflow-hidden rounded-full accent-primary" aria-label="Drafting the story" />
          </div>
        )}
        {failure && (
          <div role="alert" className="rounded-lg border border-danger/40 bg-danger-soft p-3 text-sm text-danger" data-testid="draft-failure">
            <p className="font-medium">No draft was made.</p>
            <p>{failure}</p>
          </div>
        )}
      </form>
    </Dialog>
  );
}
