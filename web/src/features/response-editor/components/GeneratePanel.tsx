import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/Button';
import { Checkbox } from '@/components/ui/Checkbox';
import { useGenerateVideo } from '../api/editor-api';
import type { Captions } from '../api/generated-videos-contract';
import { MAX_CLIPS, totalSeconds, type TakeRange } from '../lib/ranges';
import { formatSeconds } from '../lib/words';

export type TitleCardDraft = { enabled: boolean; text: string; seconds: number };

type Props = {
  campaignId: string;
  contributorId: string;
  defaultTitle: string;
  clips: TakeRange[];
  titleCard: TitleCardDraft;
  onTitleCard: (card: TitleCardDraft) => void;
  captions: Captions;
  onCaptions: (captions: Captions) => void;
};

const CAPTION_CHOICES: { value: Captions; label: string }[] = [
  { value: 'none', label: 'No captions' },
  { value: 'burnedIn', label: 'Burned into the picture' },
  { value: 'webvtt', label: 'WebVTT file beside the video' },
];

/** Title, title card and captions of the video to generate, and "Generate". */
export function GeneratePanel({ campaignId, contributorId, defaultTitle, clips, titleCard, onTitleCard, captions, onCaptions }: Props) {
  const generate = useGenerateVideo(campaignId, contributorId);
  const [title, setTitle] = useState(defaultTitle);
  const [errors, setErrors] = useState<{ title?: string; card?: string; clips?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    const name = title.trim();
    if (name.length < 1) next.title = 'Please give the video a title';
    else if (name.length > 250) next.title = 'The title can be at most 250 characters';
    const cardText = titleCard.text.trim();
    if (titleCard.enabled && (cardText.length < 1 || cardText.length > 120)) next.card = 'The title card needs a text of 1 to 120 characters';
    if (clips.length === 0) next.clips = 'Nothing is kept: keep some words of an answer first';
    else if (clips.length > MAX_CLIPS) next.clips = `The edit has ${clips.length} pieces; at most ${MAX_CLIPS} can be rendered`;
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    generate.mutate({
      title: name,
      edit: {
        clips,
        titleCard: titleCard.enabled ? { text: cardText, seconds: titleCard.seconds } : null,
        captions,
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Generate a video">
      <div className="space-y-1">
        <label htmlFor="generate-title" className="block text-sm font-medium">
          Video title
        </label>
        <input
          id="generate-title"
          value={title}
          maxLength={250}
          onChange={(e) => setTitle(e.target.value)}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={errors.title ? 'generate-title-error' : undefined}
          className="block h-10 w-full rounded-lg border border-line bg-raised px-3 text-sm"
        />
        {errors.title && (
          <p id="generate-title-error" role="alert" className="text-xs text-danger">
            {errors.title}
          </p>
        )}
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Title card</legend>
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <Checkbox checked={titleCard.enabled} onChange={(e) => onTitleCard({ ...titleCard, enabled: e.target.checked })} />
          Start with a title card
        </label>
        {titleCard.enabled && (
          <div className="flex flex-wrap gap-3">
            <label className="flex flex-1 flex-col text-xs font-medium">
              Title card text
              <input
                value={titleCard.text}
                maxLength={120}
                onChange={(e) => onTitleCard({ ...titleCard, text: e.target.value })}
                aria-invalid={errors.card ? true : undefined}
                className="mt-1 h-9 rounded-md border border-line bg-raised px-2 text-sm"
              />
            </label>
            <label className="flex flex-col text-xs font-medium">
              Seconds on screen
              <input
                type="number"
                min={1}
                max={10}
                step={1}
                value={titleCard.seconds}
                onChange={(e) => onTitleCard({ ...titleCard, seconds: Math.max(1, Math.min(10, Math.round(Number(e.target.value) || 1))) })}
                className="mt-1 h-9 w-24 rounded-md border border-line bg-raised px-2 text-sm"
              />
            </label>
          </div>
        )}
        {errors.card && (
          <p role="alert" className="text-xs text-danger">
            {errors.card}
          </p>
        )}
      </fieldset>
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium">Captions</legend>
        {CAPTION_CHOICES.map((c) => (
          <label key={c.value} className="flex min-h-11 items-center gap-2 text-sm">
            <input
              type="radio"
              name="captions"
              value={c.value}
              checked={captions === c.value}
              onChange={() => onCaptions(c.value)}
              className="size-5 accent-primary"
            />
            {c.label}
          </label>
        ))}
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" loading={generate.isPending}>
          Generate
        </Button>
        <span className="text-sm text-muted" data-testid="edit-length">
          {clips.length} piece{clips.length === 1 ? '' : 's'}, {formatSeconds(totalSeconds(clips) + (titleCard.enabled ? titleCard.seconds : 0))}
        </span>
      </div>
      {errors.clips && (
        <p role="alert" className="text-sm text-danger">
          {errors.clips}
        </p>
      )}
    </form>
  );
}
