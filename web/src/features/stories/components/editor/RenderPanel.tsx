import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { formatDateTime } from '@/lib/format';
import { useRenderStory, type Framing, type RenderChoice, type Story, type StoryFormat, type StoryRender } from '../../api/story';
import { formatSeconds } from '../../lib/editor/words';

export const FORMATS: { value: StoryFormat; label: string; ratio: string }[] = [
  { value: 'landscape', label: '16:9 (landscape)', ratio: '16:9' },
  { value: 'portrait', label: '9:16 (portrait)', ratio: '9:16' },
  { value: 'square', label: '1:1 (square)', ratio: '1:1' },
];

const FRAMINGS: { value: Framing; label: string }[] = [
  { value: 'crop', label: 'Crop to fill the frame' },
  { value: 'blurredFit', label: 'Fit on a blurred background' },
];

const STAGES: Record<NonNullable<StoryRender['progress']>['stage'], string> = {
  preparing: 'Preparing',
  rendering: 'Rendering',
  saving: 'Saving',
};

const ratioOf = (format: StoryFormat) => FORMATS.find((f) => f.value === format)!.ratio;

type Props = {
  campaignId: string;
  story: Story | undefined;
  /** Why rendering is not possible now (unsaved story or changes), if so. */
  blocked: string | null;
};

function Radios<T extends string>({ legend, name, value, options, onChange }: { legend: string; name: string; value: T; options: { value: T; label: string }[]; onChange: (v: T) => void }) {
  return (
    <fieldset className="space-y-1">
      <legend className="text-sm font-medium">{legend}</legend>
      {options.map((o) => (
        <label key={o.value} className="flex min-h-8 items-center gap-2 text-sm">
          <input type="radio" name={name} value={o.value} checked={value === o.value} onChange={() => onChange(o.value)} className="size-4 accent-primary" />
          {o.label}
        </label>
      ))}
    </fieldset>
  );
}

function Provenance({ render }: { render: StoryRender }) {
  const clips = render.provenance?.clips ?? [];
  if (clips.length === 0) return null;
  return (
    <div className="space-y-1">
      <h4 className="text-sm font-semibold">Where every second comes from</h4>
      <ol aria-label={`Provenance of the ${ratioOf(render.format)} render`} data-testid="provenance" className="space-y-1 text-sm">
        {clips.map((c, i) => (
          <li key={i} data-testid="provenance-clip" className="rounded border border-line p-2">
            <span className="font-medium tabular-nums">
              {formatSeconds(c.storyStart)}–{formatSeconds(c.storyEnd)}
            </span>{' '}
            <span className="font-semibold">{c.speaker}</span>, answering “{c.question}”: {formatSeconds(c.start)}–{formatSeconds(c.end)} of the answer
            <span className="block text-muted">“{c.text}”</span>
          </li>
        ))}
      </ol>
    </div>
  );
}

function RenderCard({ render }: { render: StoryRender }) {
  const ratio = ratioOf(render.format);
  const status =
    render.status === 'processing'
      ? render.progress
        ? `${STAGES[render.progress.stage]} · ${render.progress.percent} %`
        : 'Rendering…'
      : render.status === 'ready'
        ? 'Ready'
        : 'Failed';
  return (
    <li aria-label={`${ratio} render`} data-testid="story-render" data-format={render.format} data-status={render.status} className="space-y-2 rounded-lg border border-line bg-raised p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold">{FORMATS.find((f) => f.value === render.format)!.label}</h3>
        <span role="status" className={render.status === 'failed' ? 'text-sm font-medium text-danger' : 'text-sm'} data-testid="render-status">
          {status}
        </span>
      </div>
      <p className="text-xs text-muted">
        {render.framing === 'crop' ? 'Cropped' : 'Fitted on a blurred background'} · captions {render.burnCaptions ? 'burned in' : 'as files'} · asked for{' '}
        {formatDateTime(render.createdAt) ?? ''}
        {render.durationSeconds != null && ` · ${formatSeconds(render.durationSeconds)}`}
      </p>
      {!render.current && <p className="text-xs font-medium text-warning">Made from an earlier version of the story: render it again to include the changes.</p>}
      {render.status === 'failed' && render.failureReason && (
        <p role="alert" className="text-sm text-danger">
          {render.failureReason}
        </p>
      )}
      {render.status === 'ready' && render.url && (
        <>
          <video
            data-testid="rendered-video"
            aria-label={`Rendered story, ${ratio}`}
            src={render.url}
            poster={render.posterUrl ?? undefined}
            controls
            playsInline
            preload="metadata"
            className="max-h-96 w-full rounded-md bg-black"
          >
            {render.vttUrl && <track kind="captions" src={render.vttUrl} srcLang="en" label="Captions" />}
          </video>
          <div className="flex flex-wrap gap-3 text-sm">
            {render.downloadUrl && (
              <a className="underline" href={render.downloadUrl} download>
                Download the MP4
              </a>
            )}
            {render.srtUrl && (
              <a className="underline" href={render.srtUrl} download>
                Captions (SRT)
              </a>
            )}
            {render.vttUrl && (
              <a className="underline" href={render.vttUrl} download>
                Captions (WebVTT)
              </a>
            )}
            {render.provenanceUrl && (
              <a className="underline" href={render.provenanceUrl} download>
                Provenance (JSON)
              </a>
            )}
          </div>
          <Provenance render={render} />
        </>
      )}
    </li>
  );
}

/** Renders on request, one format at a time; each render's state, its video, files and provenance. */
export function RenderPanel({ campaignId, story, blocked }: Props) {
  const [choice, setChoice] = useState<RenderChoice>({ format: 'landscape', framing: 'crop', burnCaptions: true });
  const render = useRenderStory(campaignId, story?.storyId ?? null);
  const renders = [...(story?.renders ?? [])].sort((a, b) => FORMATS.findIndex((f) => f.value === a.format) - FORMATS.findIndex((f) => f.value === b.format));
  const ratio = ratioOf(choice.format);
  return (
    <section aria-labelledby="render-heading" className="space-y-3">
      <h2 id="render-heading" className="text-lg font-semibold">
        Render
      </h2>
      <div className="grid gap-3 sm:grid-cols-3">
        <Radios legend="Format" name="story-format" value={choice.format} options={FORMATS} onChange={(format) => setChoice((c) => ({ ...c, format }))} />
        <Radios legend="Framing" name="story-framing" value={choice.framing} options={FRAMINGS} onChange={(framing) => setChoice((c) => ({ ...c, framing }))} />
        <Radios
          legend="Captions"
          name="story-captions"
          value={choice.burnCaptions ? 'burned' : 'files'}
          options={[
            { value: 'burned', label: 'Burned into the picture' },
            { value: 'files', label: 'As SRT and WebVTT files only' },
          ]}
          onChange={(v) => setChoice((c) => ({ ...c, burnCaptions: v === 'burned' }))}
        />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button disabled={!!blocked || !story} loading={render.isPending} onClick={() => render.mutate(choice)}>
          Render {ratio}
        </Button>
        {blocked && <p className="text-sm text-muted">{blocked}</p>}
      </div>
      {render.error && (
        <p role="alert" className="text-sm font-medium text-danger">
          {render.error.message}
        </p>
      )}
      {renders.length > 0 ? (
        <ul aria-label="Renders" className="space-y-3">
          {renders.map((r) => (
            <RenderCard key={r.format} render={r} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">Not rendered yet. A render makes an MP4 with its captions and the list of where every clip comes from.</p>
      )}
    </section>
  );
}
