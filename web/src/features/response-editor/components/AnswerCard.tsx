import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { cn } from '@/utils/cn';
import { useAnswerCaptions, useCorrectWord, useRetryTake, type AnswerCaptions, type JourneyQuestion, type TakeInfo } from '../api/editor-api';
import { trimsOf, wordsSpan, type Span } from '../lib/ranges';
import { CAPTION_FORMATS, languageName, saveCaptions } from '../lib/captions';
import { formatSeconds, sentenceOf, wordIndexAt, wordIndexNear } from '../lib/words';
import { useEditorExtras } from './extras';
import { Transcript, type WordSelection } from './Transcript';

type Props = {
  campaignId: string;
  contributorId: string;
  answer: JourneyQuestion;
  take: TakeInfo | undefined;
  takeError: boolean;
  /** In the edit (a ready take); its place in the playing order and how many there are. */
  position: number | null;
  count: number;
  kept: Span[];
  selection: WordSelection | null;
  /** Open at this time (a link or the restored position); changes of `reveal.key` apply it again. */
  reveal: { seconds: number; key: number } | null;
  onSelection: (selection: WordSelection | null) => void;
  onCut: (span: Span) => void;
  onKeep: (span: Span) => void;
  onTrimStart: (seconds: number) => void;
  onTrimEnd: (seconds: number) => void;
  onMove: (by: -1 | 1) => void;
  onPosition: (seconds: number) => void;
};

const STATUS_TEXT = { processing: 'Processing', ready: 'Ready', failed: 'Failed' } as const;

/** One answer: its player, its transcript following playback, and the tools to cut it by text. */
export function AnswerCard(props: Props) {
  const { answer, take, position, count, kept, selection } = props;
  const videoRef = useRef<HTMLVideoElement>(null);
  const [time, setTime] = useState(0);
  const [correcting, setCorrecting] = useState<number | null>(null);
  const words = take?.transcript.words ?? [];
  const duration = take?.durationSeconds ?? 0;
  // The word a link pointed at stays highlighted (even in a pause before it) until playback starts.
  const [marked, setMarked] = useState(-1);
  const spoken = wordIndexAt(words, time);
  const current = spoken >= 0 ? spoken : marked;
  const headingId = `answer-${answer.campaignQuestionId}`;
  const trims = trimsOf(kept);
  const [revealWord, setRevealWord] = useState<number | undefined>(undefined);
  const captions = useAnswerCaptions(props.campaignId, props.contributorId, answer.campaignQuestionId, take?.transcript.version);
  const captionsUrl = useObjectUrl(captions.data?.webvtt, 'text/vtt');
  const extras = useEditorExtras();

  // Open at a moment: seek the player there, highlight the word and scroll it into view.
  const reveal = props.reveal;
  const ready = take?.status === 'ready' && !!take.url;
  useEffect(() => {
    if (!reveal || !ready) return;
    const video = videoRef.current;
    const seek = () => {
      if (video) video.currentTime = reveal.seconds;
    };
    setTime(reveal.seconds);
    setMarked(wordIndexNear(words, reveal.seconds));
    setRevealWord(reveal.key);
    document.getElementById(headingId)?.scrollIntoView?.({ block: 'start' });
    if (video && video.readyState >= 1) seek();
    else video?.addEventListener('loadedmetadata', seek, { once: true });
    return () => video?.removeEventListener('loadedmetadata', seek);
    // Applied once per reveal key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reveal?.key, ready]);

  const seekTo = (seconds: number) => {
    const video = videoRef.current;
    if (video) video.currentTime = seconds;
    setTime(seconds);
    props.onPosition(seconds);
  };

  const selectedSpan = selection && words.length > 0 ? wordsSpan(words, selection.from, selection.to) : null;
  const selectedWords = selection ? Math.abs(selection.to - selection.from) + 1 : 0;
  const playhead = () => videoRef.current?.currentTime ?? time;

  return (
    <article
      aria-labelledby={headingId}
      data-testid="answer-card"
      data-journey-id={answer.campaignQuestionId}
      className="space-y-3 rounded-xl border border-line bg-raised p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="scroll-mt-20 font-medium">
          {answer.sequence}. {answer.question}
        </h3>
        {position !== null && (
          <div className="flex items-center gap-1" role="group" aria-label={`Order of answer ${answer.sequence}`}>
            <span className="text-xs text-muted">
              {position + 1} of {count} in the edit
            </span>
            <Button size="sm" variant="ghost" disabled={position === 0} aria-label={`Move answer ${answer.sequence} earlier`} onClick={() => props.onMove(-1)}>
              ↑
            </Button>
            <Button size="sm" variant="ghost" disabled={position === count - 1} aria-label={`Move answer ${answer.sequence} later`} onClick={() => props.onMove(1)}>
              ↓
            </Button>
          </div>
        )}
      </div>

      {!answer.stored ? (
        <p className="text-sm text-muted">Not answered yet.</p>
      ) : props.takeError ? (
        <p role="alert" className="text-sm text-danger">
          This answer could not be loaded.
        </p>
      ) : !take ? (
        <Spinner className="h-5 w-5" />
      ) : (
        <>
          <p className="text-xs" data-testid="take-status">
            <span className={cn('rounded-full px-2 py-0.5 font-medium', take.status === 'ready' ? 'bg-success-soft text-success' : take.status === 'failed' ? 'bg-danger-soft text-danger' : 'bg-info/15 text-info')}>
              {STATUS_TEXT[take.status]}
            </span>
            {take.status === 'processing' && <span className="ml-2 text-muted">The video is being prepared for playing and editing.</span>}
            {take.status === 'failed' && <span className="ml-2 text-danger">{take.failureReason || 'The video could not be prepared.'}</span>}
          </p>
          {take.status === 'failed' && <RetryTake campaignId={props.campaignId} contributorId={props.contributorId} journeyId={answer.campaignQuestionId} sequence={answer.sequence} />}
          {ready && (
            <video
              ref={videoRef}
              data-testid="answer-video"
              controls
              preload="metadata"
              src={take.url ?? undefined}
              poster={take.posterUrl ?? undefined}
              aria-label={`Video of answer ${answer.sequence}`}
              onTimeUpdate={(e) => setTime(e.currentTarget.currentTime)}
              onPlay={() => setMarked(-1)}
              onSeeked={(e) => props.onPosition(e.currentTarget.currentTime)}
              onPause={(e) => props.onPosition(e.currentTarget.currentTime)}
              className="max-h-80 w-full rounded-md bg-black"
            >
              {captionsUrl && <track kind="captions" src={captionsUrl} srcLang={captions.data?.language ?? 'en'} label="Transcript" />}
            </video>
          )}
          {ready && captions.data && <CaptionFiles captions={captions.data} sequence={answer.sequence} />}
          {ready && (
            <>
              {take.transcript.status === 'pending' && <p className="text-sm text-muted">The transcript is being made.</p>}
              {take.transcript.status === 'failed' && (
                <p className="text-sm text-danger">The transcript could not be made{take.transcript.failureReason ? `: ${take.transcript.failureReason}` : '.'}</p>
              )}
              {take.transcript.status === 'ready' && words.length === 0 && <p className="text-sm text-muted">No words were recognised in this answer.</p>}
              <Transcript
                label={`Transcript of answer ${answer.sequence}`}
                words={words}
                kept={kept}
                current={current}
                selection={selection}
                revealKey={revealWord}
                onSeekWord={(i) => {
                  setMarked(i);
                  seekTo(words[i]!.start);
                }}
                onSelect={props.onSelection}
                onCut={() => selectedSpan && props.onCut(selectedSpan)}
              />
              <div className="flex flex-wrap items-center gap-2" role="group" aria-label={`Edit answer ${answer.sequence}`}>
                <span className="text-xs text-muted" aria-live="polite" data-testid="selection-info">
                  {selectedSpan ? `${selectedWords} word${selectedWords === 1 ? '' : 's'} selected (${formatSeconds(selectedSpan.start)}–${formatSeconds(selectedSpan.end)})` : 'Click a word to play from it; Shift+click another to select.'}
                </span>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={!selection}
                  onClick={() => {
                    const s = selection && sentenceOf(words, selection.to);
                    if (s) props.onSelection({ from: s[0], to: s[1] });
                  }}
                >
                  Select sentence
                </Button>
                <Button size="sm" variant="danger" disabled={!selectedSpan} onClick={() => selectedSpan && props.onCut(selectedSpan)}>
                  Cut selection
                </Button>
                <Button size="sm" variant="secondary" disabled={!selectedSpan} onClick={() => selectedSpan && props.onKeep(selectedSpan)}>
                  Keep selection
                </Button>
                <Button size="sm" variant="secondary" disabled={!selection || selectedWords !== 1} onClick={() => selection && setCorrecting(selection.to)}>
                  Correct word
                </Button>
                <Button size="sm" variant="ghost" disabled={!selection} onClick={() => props.onSelection(null)}>
                  Clear selection
                </Button>
              </div>
              {correcting !== null && words[correcting] && take.transcript.version != null && (
                <CorrectWordForm
                  {...props}
                  word={words[correcting]!.text}
                  index={correcting}
                  version={take.transcript.version}
                  onDone={() => setCorrecting(null)}
                />
              )}
              <fieldset className="flex flex-wrap items-end gap-3 border-t border-line pt-3">
                <legend className="sr-only">Trim answer {answer.sequence}</legend>
                <TrimInput label="Starts at (s)" value={trims?.start ?? 0} max={duration} onCommit={props.onTrimStart} />
                <Button size="sm" variant="secondary" onClick={() => props.onTrimStart(playhead())}>
                  Start here
                </Button>
                <TrimInput label="Ends at (s)" value={trims?.end ?? 0} max={duration} onCommit={props.onTrimEnd} />
                <Button size="sm" variant="secondary" onClick={() => props.onTrimEnd(playhead())}>
                  End here
                </Button>
                <Button size="sm" variant="ghost" onClick={() => props.onKeep({ start: 0, end: duration })}>
                  Keep whole answer
                </Button>
                <Button size="sm" variant="ghost" onClick={() => props.onCut({ start: 0, end: duration })}>
                  Leave out of the edit
                </Button>
                <span className="text-xs text-muted" data-testid="kept-seconds">
                  {formatSeconds(kept.reduce((n, s) => n + s.end - s.start, 0))} of {formatSeconds(duration)} kept
                </span>
              </fieldset>
            </>
          )}
          {take.status === 'ready' && extras.answer?.(answer.campaignQuestionId, answer.question)}
        </>
      )}
    </article>
  );
}

/** `text` as an object URL (for the captions track), revoked when it changes. */
function useObjectUrl(text: string | undefined, type: string): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!text || typeof URL.createObjectURL !== 'function') return;
    const made = URL.createObjectURL(new Blob([text], { type }));
    setUrl(made);
    return () => {
      URL.revokeObjectURL(made);
      setUrl(null);
    };
  }, [text, type]);
  return url;
}

/** The transcript's language, and its captions to download for a video editor or a social network. */
function CaptionFiles({ captions, sequence }: { captions: AnswerCaptions; sequence: number }) {
  return (
    <div className="flex flex-wrap items-center gap-2 text-xs text-muted" data-testid="caption-files">
      {captions.language && <span>Transcript in {languageName(captions.language)}</span>}
      <span aria-hidden>·</span>
      <span>Captions:</span>
      {CAPTION_FORMATS.map(({ format, label }) => (
        <Button
          key={format}
          size="sm"
          variant="ghost"
          aria-label={`Download the captions of answer ${sequence} as ${label}`}
          onClick={() => saveCaptions(captions, format)}
        >
          {label}
        </Button>
      ))}
    </div>
  );
}

function TrimInput({ label, value, max, onCommit }: { label: string; value: number; max: number; onCommit: (v: number) => void }) {
  const [text, setText] = useState(value.toFixed(1));
  useEffect(() => setText(value.toFixed(1)), [value]);
  const commit = () => {
    const n = Number(text);
    if (Number.isFinite(n) && n >= 0 && n <= max) onCommit(n);
    else setText(value.toFixed(1));
  };
  return (
    <label className="flex flex-col text-xs font-medium">
      {label}
      <input
        type="number"
        min={0}
        max={max}
        step={0.1}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => e.key === 'Enter' && commit()}
        className="mt-1 h-8 w-24 rounded-md border border-line bg-raised px-2 text-sm"
      />
    </label>
  );
}

function CorrectWordForm({ campaignId, contributorId, answer, word, index, version, onDone }: Props & { word: string; index: number; version: number; onDone: () => void }) {
  const correct = useCorrectWord(campaignId, contributorId, answer.campaignQuestionId);
  const [text, setText] = useState(word);
  const [error, setError] = useState<string | null>(null);
  // The field takes the focus when the form opens (autoFocus is React's, not Preact's, which builds the app).
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    if (!value || /\s/.test(value)) {
      setError('Please enter one word');
      return;
    }
    correct.mutate({ index, text: value, version }, { onSettled: onDone });
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2" aria-label={`Correct the word "${word}"`}>
      <label className="flex flex-col text-xs font-medium">
        Correct “{word}”
        <input
          ref={field}
          value={text}
          maxLength={100}
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
          }}
          aria-invalid={error ? true : undefined}
          className="mt-1 h-8 rounded-md border border-line bg-raised px-2 text-sm"
        />
      </label>
      <Button size="sm" type="submit" loading={correct.isPending}>
        Save word
      </Button>
      <Button size="sm" variant="ghost" onClick={onDone}>
        Cancel
      </Button>
      {error && (
        <p role="alert" className="w-full text-xs text-danger">
          {error}
        </p>
      )}
    </form>
  );
}

/** Staff queue a failed take's conversion again (one that ran out of time or attempts, or met a passing fault). */
function RetryTake({ campaignId, contributorId, journeyId, sequence }: { campaignId: string; contributorId: string; journeyId: string; sequence: number }) {
  const retry = useRetryTake(campaignId, contributorId, journeyId);
  return (
    <Button size="sm" variant="secondary" loading={retry.isPending} aria-label={`Retry preparing answer ${sequence}`} onClick={() => retry.mutate()}>
      Retry
    </Button>
  );
}
