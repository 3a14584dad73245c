import { useQueries } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/layouts/PageHeader';
import { Spinner } from '@/components/ui/Spinner';
import { buildPath, paths } from '@/config/paths';
import {
  saveEditorState,
  takeQuery,
  useApprovedVideos,
  useCampaignVideos,
  useContributorVideos,
  useEditorAnswers,
  useEditorContributor,
  useEditorState,
  type EditorState,
  type TakeInfo,
} from '../api/editor-api';
import type { Captions } from '../api/generated-videos-contract';
import {
  cutSpan,
  fromCutList,
  initialModel,
  keepSpan,
  move,
  toCutList,
  trimEnd,
  trimStart,
  type EditModel,
  type Span,
} from '../lib/ranges';
import { useAutosave } from '../lib/use-autosave';
import { AnswerCard } from './AnswerCard';
import { GeneratedVideoList } from './GeneratedVideoList';
import { GeneratePanel, type TitleCardDraft } from './GeneratePanel';
import { PreviewPlayer } from './PreviewPlayer';
import type { WordSelection } from './Transcript';

/** The editor state is saved this long after the last change. */
export const STATE_SAVE_DEBOUNCE_MS = 1000;

type Props = {
  tenantId: string;
  campaignId: string;
  contributorId: string;
  /** From the address: open this answer at this time (`?answer=&t=`). */
  link: { journeyId: string; seconds: number } | null;
};

type Selection = { journeyId: string } & WordSelection;
type Reveal = { journeyId: string; seconds: number; key: number };

/** The response editor: a collaborator's answers, edited by their text, previewed, generated. */
export function ResponseEditor({ tenantId, campaignId, contributorId, link }: Props) {
  const answers = useEditorAnswers(tenantId, campaignId, contributorId);
  const contributor = useEditorContributor(tenantId, campaignId, contributorId);
  const saved = useEditorState(campaignId, contributorId);
  const stored = useMemo(() => (answers.data ?? []).filter((a) => a.stored), [answers.data]);
  const takeResults = useQueries({
    queries: stored.map((a) => takeQuery(campaignId, contributorId, a.campaignQuestionId, true)),
  });
  const takes: Record<string, TakeInfo | undefined> = {};
  const takeErrors: Record<string, boolean> = {};
  stored.forEach((a, i) => {
    takes[a.campaignQuestionId] = takeResults[i]?.data;
    takeErrors[a.campaignQuestionId] = !!takeResults[i]?.isError;
  });
  const takesSettled = takeResults.every((r) => !r.isPending);
  const readyAnswers = stored
    .filter((a) => takes[a.campaignQuestionId]?.status === 'ready')
    .map((a) => ({ journeyId: a.campaignQuestionId, duration: takes[a.campaignQuestionId]!.durationSeconds }));
  const readyKey = readyAnswers.map((a) => a.journeyId).join(',');

  const [model, setModel] = useState<EditModel | null>(null);
  const [selection, setSelection] = useState<Selection | null>(null);
  const [lastPosition, setLastPosition] = useState<EditorState['lastPosition']>(null);
  const [reveal, setReveal] = useState<Reveal | null>(null);
  const [titleCard, setTitleCard] = useState<TitleCardDraft>({ enabled: false, text: '', seconds: 3 });
  const [captions, setCaptions] = useState<Captions>('none');
  const autosave = useAutosave((state: EditorState) => saveEditorState(campaignId, contributorId, state), STATE_SAVE_DEBOUNCE_MS);

  // Build the edit once answers, takes and the saved state are known; answers ready later join it whole.
  const started = useRef(false);
  useEffect(() => {
    if (!answers.data || !saved.data || !takesSettled) return;
    if (!started.current) {
      started.current = true;
      const state = saved.data.state;
      setModel(saved.data.updatedAt ? fromCutList(state.cutList ?? [], readyAnswers) : initialModel(readyAnswers));
      setLastPosition(state.lastPosition ?? null);
      const target = link ?? (state.lastPosition ? { journeyId: state.lastPosition.journeyId, seconds: state.lastPosition.seconds } : null);
      if (target) setReveal({ ...target, key: Date.now() });
      const sel = state.selections?.[0];
      const words = sel ? takes[sel.journeyId]?.transcript.words : undefined;
      if (sel && words) {
        const inside = words.map((w, i) => ((w.start + w.end) / 2 >= sel.start && (w.start + w.end) / 2 <= sel.end ? i : -1)).filter((i) => i >= 0);
        if (inside.length > 0) setSelection({ journeyId: sel.journeyId, from: inside[0]!, to: inside[inside.length - 1]! });
      }
      return;
    }
    setModel((m) => {
      if (!m) return m;
      const missing = readyAnswers.filter((a) => !m.order.includes(a.journeyId));
      if (missing.length === 0) return m;
      const whole = initialModel(missing);
      return { order: [...m.order, ...whole.order], kept: { ...m.kept, ...whole.kept } };
    });
    // readyKey stands for readyAnswers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answers.data, saved.data, takesSettled, readyKey]);

  const clips = useMemo(() => (model ? toCutList(model) : []), [model]);

  const persist = (next: { model?: EditModel; selection?: Selection | null; position?: EditorState['lastPosition'] }) => {
    const m = next.model ?? model;
    if (!m) return;
    const sel = next.selection === undefined ? selection : next.selection;
    const words = sel ? takes[sel.journeyId]?.transcript.words : undefined;
    const selections =
      sel && words && words.length > 0
        ? [{ journeyId: sel.journeyId, start: words[Math.min(sel.from, sel.to)]!.start, end: words[Math.max(sel.from, sel.to)]!.end }]
        : [];
    autosave.schedule({ cutList: toCutList(m), selections, lastPosition: next.position === undefined ? lastPosition : next.position });
  };

  const change = (f: (m: EditModel) => EditModel) => {
    if (!model) return;
    const next = f(model);
    setModel(next);
    persist({ model: next });
  };

  if (answers.isPending || saved.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner className="h-8 w-8" />
      </div>
    );
  }
  if (answers.isError || saved.isError) {
    return (
      <p role="alert" className="text-danger">
        The answers of this collaborator could not be loaded.
      </p>
    );
  }

  const details = contributor.data;
  const name = details ? `${details.contributor.firstName} ${details.contributor.lastName}`.trim() : 'Collaborator';
  const campaignTitle = details?.campaign.title ?? '';
  const ordered = [
    ...(model?.order ?? []).map((j) => answers.data.find((a) => a.campaignQuestionId === j)).filter((a) => !!a),
    ...answers.data.filter((a) => !model?.order.includes(a.campaignQuestionId)),
  ];
  const sources = Object.fromEntries(
    Object.entries(takes)
      .filter(([, t]) => t?.url)
      .map(([j, t]) => [j, { url: t!.url!, posterUrl: t!.posterUrl, words: t!.transcript.words }]),
  );
  const saveText = { idle: '', pending: 'Unsaved changes…', saving: 'Saving…', saved: 'All changes saved', error: 'Changes could not be saved' }[autosave.status];

  return (
    <div className="space-y-8">
      <PageHeader
        title="Response editor"
        description={
          <>
            {name}
            {campaignTitle && (
              <>
                {' · '}
                <Link className="underline" to={buildPath(paths.campaignEdit, { id: campaignId })}>
                  {campaignTitle}
                </Link>
              </>
            )}
          </>
        }
        actions={
          <span role="status" className="text-sm text-muted" data-testid="autosave-status">
            {saveText}
          </span>
        }
      />

      <section id="editor-answers" aria-labelledby="editor-answers-heading" className="space-y-4" data-tour="answers">
        <h2 id="editor-answers-heading" className="text-lg font-semibold">
          Answers
        </h2>
        {answers.data.length === 0 && <p className="text-sm text-muted">This campaign has no questions yet.</p>}
        {ordered.map((a) => {
          const j = a.campaignQuestionId;
          const take = takes[j];
          const duration = take?.durationSeconds ?? 0;
          const position = model ? model.order.indexOf(j) : -1;
          return (
            <AnswerCard
              key={j}
              campaignId={campaignId}
              contributorId={contributorId}
              answer={a}
              take={take}
              takeError={takeErrors[j] ?? false}
              position={position >= 0 ? position : null}
              count={model?.order.length ?? 0}
              kept={model?.kept[j] ?? []}
              selection={selection?.journeyId === j ? selection : null}
              reveal={reveal?.journeyId === j ? reveal : null}
              onSelection={(sel) => {
                const next = sel ? { journeyId: j, ...sel } : null;
                setSelection(next);
                persist({ selection: next });
              }}
              onCut={(span: Span) => change((m) => cutSpan(m, j, span, duration))}
              onKeep={(span: Span) => change((m) => keepSpan(m, j, span, duration))}
              onTrimStart={(s) => change((m) => trimStart(m, j, s, duration))}
              onTrimEnd={(s) => change((m) => trimEnd(m, j, s, duration))}
              onMove={(by) => change((m) => move(m, j, by))}
              onPosition={(seconds) => {
                const pos = { journeyId: j, seconds: Math.round(seconds * 100) / 100 };
                if (lastPosition?.journeyId === pos.journeyId && lastPosition.seconds === pos.seconds) return;
                setLastPosition(pos);
                persist({ position: pos });
              }}
            />
          );
        })}
      </section>

      <section id="editor-preview" aria-labelledby="editor-preview-heading" className="space-y-3" data-tour="preview">
        <h2 id="editor-preview-heading" className="text-lg font-semibold">
          Preview
        </h2>
        <p className="text-sm text-muted">The kept parts of the answers in order, played here before anything is rendered.</p>
        <PreviewPlayer
          clips={clips}
          sources={sources}
          titleCard={titleCard.enabled && titleCard.text.trim() ? { text: titleCard.text.trim(), seconds: titleCard.seconds } : null}
          captions={captions}
        />
      </section>

      <section id="editor-generate" aria-labelledby="editor-generate-heading" className="space-y-3" data-tour="generate">
        <h2 id="editor-generate-heading" className="text-lg font-semibold">
          Generate the video
        </h2>
        {model ? (
          <GeneratePanel
            key={name}
            campaignId={campaignId}
            contributorId={contributorId}
            defaultTitle={campaignTitle ? `${name} – ${campaignTitle}` : name}
            clips={clips}
            titleCard={titleCard}
            onTitleCard={setTitleCard}
            captions={captions}
            onCaptions={setCaptions}
          />
        ) : (
          <Spinner className="h-5 w-5" />
        )}
      </section>

      <GeneratedVideos campaignId={campaignId} contributorId={contributorId} name={name} />
    </div>
  );
}

function GeneratedVideos({ campaignId, contributorId, name }: { campaignId: string; contributorId: string; name: string }) {
  const mine = useContributorVideos(campaignId, contributorId);
  const all = useCampaignVideos(campaignId);
  const approved = useApprovedVideos(campaignId);
  return (
    <section id="editor-videos" aria-labelledby="editor-videos-heading" className="space-y-6" data-tour="videos">
      <h2 id="editor-videos-heading" className="text-lg font-semibold">
        Generated videos
      </h2>
      <p className="text-sm text-muted">
        These videos are of one speaker. To tell a story in many voices, from any answers of the campaign:{' '}
        <Link to={buildPath(paths.stories, { campaignId })} className="font-medium text-primary hover:underline">
          the campaign&apos;s stories
        </Link>
        .
      </p>
      <GeneratedVideoList title={`Videos of ${name}`} campaignId={campaignId} query={mine} empty="No video was generated from these answers yet." testId="contributor-videos" />
      <GeneratedVideoList title="Approved videos of the campaign" campaignId={campaignId} query={approved} empty="No video of this campaign is approved yet." testId="approved-videos" />
      <GeneratedVideoList title="All videos of the campaign" campaignId={campaignId} query={all} empty="No video was generated in this campaign yet." testId="campaign-videos" announce />
    </section>
  );
}
