import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, call } from '@/lib/api/client';
import type { paths } from '@/types/schema';
import { storiesKeys } from './stories-list';

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
export type DraftRequest = NonNullable<paths['/openai/story-draft']['post']['requestBody']>['content']['application/json'];
export type StoryDraft = Json<paths['/openai/story-draft']['post']['responses'][201]>;
export type DroppedClip = StoryDraft['report']['dropped'][number];

/** The API's bounds (functions/ai/src/routes.rs, draft_story). */
export const BRIEF_MAX = 2000;
export const TARGET_MIN = 10;
export const TARGET_MAX = 600;
export const TARGET_DEFAULT = 60;
export const BRIEF_EXAMPLE = '60 seconds on why volunteers stay, hopeful, end with a call to join';

/** The API's messages for these fields, so that the form says the same before sending. */
export const BRIEF_REQUIRED = 'Please write a brief for the story.';
export const BRIEF_TOO_LONG = `The brief must be at most ${BRIEF_MAX} characters`;
export const TARGET_RANGE = `The target length must be between ${TARGET_MIN} and ${TARGET_MAX} seconds`;

export type DraftFields = { brief: string; targetSeconds: string };
export type DraftErrors = Partial<Record<'brief' | 'targetSeconds' | 'campaignId' | 'title', string>>;

/** What is wrong with the form's fields (the API checks the same). */
export function validateDraft({ brief, targetSeconds }: DraftFields): DraftErrors {
  const errors: DraftErrors = {};
  const text = brief.trim();
  if (!text) errors.brief = BRIEF_REQUIRED;
  else if ([...text].length > BRIEF_MAX) errors.brief = BRIEF_TOO_LONG;
  const seconds = Number(targetSeconds);
  if (!/^\d+$/.test(targetSeconds.trim()) || seconds < TARGET_MIN || seconds > TARGET_MAX) errors.targetSeconds = TARGET_RANGE;
  return errors;
}

/** "4 clips checked; 1 dropped": every clip the model proposed was checked against the transcripts. */
export function draftSummary(draft: Pick<StoryDraft, 'clips' | 'report'>): string {
  const dropped = draft.report.dropped.length;
  const checked = draft.clips.length + dropped;
  return `${checked} clip${checked === 1 ? '' : 's'} checked; ${dropped} dropped`;
}

/** What the editor is handed with a new draft (router state), to show what was left out. */
export type DraftNavigationState = { dropped: DroppedClip[] };

/** Asks the model for a draft; the API checks every citation and saves the draft as a story. */
export function useDraftStory(campaignId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<DraftRequest, 'campaignId'>) =>
      call(api.POST('/openai/story-draft', { body: { ...body, campaignId } }), { toast: false }),
    onSuccess: () => qc.invalidateQueries({ queryKey: storiesKeys.campaign(campaignId) }),
  });
}
