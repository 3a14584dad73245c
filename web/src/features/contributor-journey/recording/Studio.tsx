import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from '../app/router';
import { MAIN_ID } from '@/components/a11y/SkipLink';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { paths } from '@/config/paths';
import { holdUpdates } from '@/lib/service-worker/update-gate';
import { toast } from '@/stores/toast-store';
import { cn } from '@/utils/cn';
import { saveJourney } from '../api/contributor-api';
import { useScriptSave } from '../api/use-script-save';
import { currentDeviceType, currentOrientation, orientationAlert } from '../lib/device';
import { cacheVideoConfig, clearContributorDetail } from '../lib/storage';
import { formatReadingTime, htmlToText } from '../lib/text';
import { isOverTimeLimit, overTimeLimitMessage, timeLimitLabel } from '../lib/time-limit';
import type { ContributorData, DeviceType, JourneyQuestion, RecordingMode, VideoConfig } from '../types';
import { getUploadManager } from '../uploads/uploads';
import {
  AUDIO_BITS_PER_SECOND,
  baseContentType,
  answerFileRefused,
  CHUNK_INTERVAL_MS,
  COUNTDOWN_SECONDS,
  countdownTips,
  isAccessError,
  noCodecMessage,
  openCamera,
  pickMimeType,
  releaseStream,
  startFailedMessage,
  streamUnavailableMessage,
  uploadFileType,
  VIDEO_BITS_PER_SECOND,
  type CameraFacing,
} from './media';
import { Teleprompter } from './Teleprompter';
import { settingsFrom } from './teleprompter-config';
import { AiWand } from '../components/AiWand';
import { formatNumber, t } from '../i18n/i18n';
import { LanguageSwitcher } from '../i18n/LanguageSwitcher';
import { TakeProgress } from './TakeProgress';
import { TeleprompterControls } from './TeleprompterControls';
import { useTeleprompterSettings } from './use-teleprompter-settings';

type Phase = 'preview' | 'countdown' | 'recording' | 'stopping' | 'importing' | 'review';

type Props = {
  data: ContributorData;
  practice: boolean;
  questions: JourneyQuestion[];
  /** Each question's place among all the campaign's questions (1-based), and how many there are. */
  numbers: Record<string, number>;
  total: number;
  mode: RecordingMode;
  videoConfig: VideoConfig | null | undefined;
};

const FILE_SLICE_BYTES = 4 * 1024 * 1024;

function supportedMime(): string | null {
  if (typeof MediaRecorder === 'undefined' || typeof MediaRecorder.isTypeSupported !== 'function') return null;
  return pickMimeType((t) => MediaRecorder.isTypeSupported(t));
}

/** "01:05", in the page's digits. */
function formatClock(seconds: number): string {
  const two = (n: number) => formatNumber(n, { minimumIntegerDigits: 2, useGrouping: false });
  return `${two(Math.floor(seconds / 60))}:${two(seconds % 60)}`;
}

function videoDuration(file: Blob): Promise<number> {
  return new Promise((resolve) => {
    const video = document.createElement('video');
    const url = URL.createObjectURL(file);
    const done = (v: number) => {
      URL.revokeObjectURL(url);
      resolve(Number.isFinite(v) ? v : 0);
    };
    video.preload = 'metadata';
    video.onloadedmetadata = () => done(video.duration);
    video.onerror = () => done(0);
    setTimeout(() => done(0), 5000);
    video.src = url;
  });
}

function useViewport(): { orientation: RecordingMode; device: DeviceType } {
  const [value, setValue] = useState(() => ({ orientation: currentOrientation(), device: currentDeviceType() }));
  useEffect(() => {
    const update = () => setValue({ orientation: currentOrientation(), device: currentDeviceType() });
    window.addEventListener('resize', update);
    window.addEventListener('orientationchange', update);
    return () => {
      window.removeEventListener('resize', update);
      window.removeEventListener('orientationchange', update);
    };
  }, []);
  return value;
}

export function Studio({ data, practice, questions, numbers, total, mode, videoConfig }: Props) {
  const navigate = useNavigate();
  const { orientation, device } = useViewport();
  const [index, setIndex] = useState(0);
  const [phase, setPhase] = useState<Phase>('preview');
  const [facing, setFacing] = useState<CameraFacing>('user');
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [cameraBlocked, setCameraBlocked] = useState(false);
  const [codecMissing, setCodecMissing] = useState(() => supportedMime() === null);
  const [count, setCount] = useState(COUNTDOWN_SECONDS);
  const [elapsed, setElapsed] = useState(0);
  /** The last take stopped because the question's time limit was reached. */
  const [timeUp, setTimeUp] = useState(false);
  const [reviewUrl, setReviewUrl] = useState<string | null>(null);
  const [expanded, setExpanded] = useState(false);
  const [editing, setEditing] = useState(false);
  /** The questions whose take was sent (Next) during this visit: their uploads are shown. */
  const [sent, setSent] = useState<JourneyQuestion[]>([]);
  const [scripts, setScripts] = useState<Record<string, string>>(() =>
    Object.fromEntries(questions.map((q) => [q.campaignQuestionId, q.contributorScript ?? htmlToText(q.script)])),
  );

  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const recorderRef = useRef<MediaRecorder | null>(null);
  const takeRef = useRef<string | null>(null);
  const chunksRef = useRef<Blob[]>([]);
  const chainRef = useRef<Promise<unknown>>(Promise.resolve());
  const startedAt = useRef(0);
  const mimeRef = useRef('');
  const fileInput = useRef<HTMLInputElement>(null);
  const recordButton = useRef<HTMLButtonElement>(null);
  /** Set once a take was started: from then on the record button keeps the keyboard focus. */
  const engaged = useRef(false);

  const question = questions[index]!;
  const qid = question.campaignQuestionId;
  const isLast = index === questions.length - 1;
  const alert = orientationAlert(mode, orientation, device);
  const script = scripts[qid] ?? '';
  const manager = practice ? null : getUploadManager();
  const limit = question.timeLimitSeconds ?? null;

  // Teleprompter settings: local copy after 500 ms, posted to the journey after 1 s.
  const current = useRef(qid);
  current.current = qid;
  const { settings, update } = useTeleprompterSettings(
    settingsFrom(videoConfig, device),
    (config) => cacheVideoConfig(config),
    (config) => {
      void saveJourney(data, { campaignQuestionId: current.current, videoConfig: config }, { toast: false }).catch(() =>
        clearContributorDetail(),
      );
    },
  );

  const scriptSave = useScriptSave(data);

  // The camera: open while previewing, released when recording stops and when leaving.
  useEffect(() => {
    if (phase !== 'preview' || stream) return;
    let cancelled = false;
    openCamera(facing)
      .then((s) => {
        if (cancelled) {
          releaseStream(s);
          return;
        }
        streamRef.current = s;
        setStream(s);
        setCameraBlocked(false);
      })
      .catch((error: unknown) => {
        if (!cancelled) setCameraBlocked(true);
        if (!isAccessError(error)) console.warn("camera unavailable", error);
      });
    return () => {
      cancelled = true;
    };
  }, [phase, stream, facing]);

  useEffect(() => {
    if (videoRef.current && videoRef.current.srcObject !== stream) videoRef.current.srcObject = stream;
  }, [stream]);

  useEffect(
    () => () => {
      // Leaving the page: stop a recording in progress (its take is dropped) and release the camera.
      const rec = recorderRef.current;
      if (rec && rec.state !== 'inactive') {
        rec.ondataavailable = null;
        rec.onstop = null;
        rec.stop();
        if (takeRef.current) void getUploadManager().discard(takeRef.current);
      }
      releaseStream(streamRef.current);
    },
    [],
  );

  // Leaving the page while recording asks for the browser's confirmation.
  useEffect(() => {
    if (phase !== 'recording' && phase !== 'countdown') return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
      return '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [phase]);

  // Keyboard users keep their place: the record button is disabled during the countdown and while a
  // take is saved, which drops the focus; once it can be used again (to stop, or to record again after
  // a retake) it takes the focus back, unless the focus is somewhere else by then.
  useEffect(() => {
    if (!engaged.current) return;
    if (phase !== 'recording' && phase !== 'preview') return;
    const active = document.activeElement;
    if (!active || active === document.body) recordButton.current?.focus();
  }, [phase, stream]);

  // A new version of the app waits while a recording (the practice round's too) is under way.
  const recordingUnderWay = phase === 'countdown' || phase === 'recording' || phase === 'stopping';
  useEffect(() => (recordingUnderWay ? holdUpdates() : undefined), [recordingUnderWay]);

  // The timer ticks each second while recording.
  useEffect(() => {
    if (phase !== 'recording') return;
    const timer = setInterval(() => setElapsed(Math.floor((Date.now() - startedAt.current) / 1000)), 1000);
    return () => clearInterval(timer);
  }, [phase]);

  // At the question's time limit the take stops by itself (to the millisecond, not at the next tick).
  const stopAtLimit = useRef<() => void>(() => undefined);
  useEffect(() => {
    if (phase !== 'recording' || !limit) return;
    const left = limit * 1000 - (Date.now() - startedAt.current);
    const timer = setTimeout(() => stopAtLimit.current(), Math.max(0, left));
    return () => clearTimeout(timer);
  }, [phase, limit]);

  const closeCamera = useCallback(() => {
    releaseStream(streamRef.current);
    streamRef.current = null;
    setStream(null);
  }, []);

  const beginRecording = useCallback(async () => {
    const mime = mimeRef.current;
    let takeId: string | null = null;
    try {
      const s = streamRef.current;
      if (!s || s.getTracks().some((t) => t.readyState === 'ended')) throw new Error('no stream');
      const recorder = new MediaRecorder(s, {
        mimeType: mime,
        videoBitsPerSecond: VIDEO_BITS_PER_SECOND,
        audioBitsPerSecond: AUDIO_BITS_PER_SECOND,
      });
      chunksRef.current = [];
      chainRef.current = Promise.resolve();
      if (manager) takeId = await manager.createTake(data, qid, baseContentType(recorder.mimeType || mime), device);
      takeRef.current = takeId;
      recorder.ondataavailable = (event) => {
        if (!event.data || event.data.size === 0) return;
        const blob = event.data;
        chunksRef.current.push(blob);
        if (manager && takeId) {
          const id = takeId;
          // Written to IndexedDB (and uploaded part by part) as the chunks arrive, in order.
          chainRef.current = chainRef.current.then(async () => manager.append(id, await blob.arrayBuffer())).catch(() => {
            toast.error(t('studio.notSavedOnDevice'));
          });
        }
      };
      recorder.start(CHUNK_INTERVAL_MS);
      recorderRef.current = recorder;
      startedAt.current = Date.now();
      setElapsed(0);
      setPhase('recording');
    } catch {
      if (takeId) void manager?.discard(takeId);
      takeRef.current = null;
      toast.error(startFailedMessage());
      setPhase('preview');
    }
  }, [manager, data, qid, device]);

  // Countdown: 5 seconds with the rotating tips, then the recording starts.
  useEffect(() => {
    if (phase !== 'countdown') return;
    if (count <= 0) {
      void beginRecording();
      return;
    }
    const timer = setTimeout(() => setCount((c) => c - 1), 1000);
    return () => clearTimeout(timer);
  }, [phase, count, beginRecording]);

  function start() {
    if (alert || !stream) return;
    const mime = supportedMime();
    if (!mime) {
      setCodecMissing(true);
      toast.error(noCodecMessage());
      return;
    }
    mimeRef.current = mime;
    engaged.current = true;
    setTimeUp(false);
    setEditing(false);
    setCount(COUNTDOWN_SECONDS);
    setPhase('countdown');
  }

  async function stop() {
    const recorder = recorderRef.current;
    if (!recorder || recorder.state === 'inactive') return;
    setPhase('stopping');
    await new Promise<void>((resolve) => {
      recorder.onstop = () => resolve();
      recorder.stop();
    });
    recorderRef.current = null;
    const seconds = (Date.now() - startedAt.current) / 1000;
    closeCamera();
    await chainRef.current;
    if (manager && takeRef.current) await manager.finish(takeRef.current, seconds);
    setReviewUrl(URL.createObjectURL(new Blob(chunksRef.current, { type: baseContentType(mimeRef.current) })));
    setPhase('review');
  }

  stopAtLimit.current = () => {
    setTimeUp(true);
    void stop();
  };

  function clearReview() {
    if (reviewUrl) URL.revokeObjectURL(reviewUrl);
    setReviewUrl(null);
    chunksRef.current = [];
  }

  function retake() {
    if (manager && takeRef.current) void manager.discard(takeRef.current);
    takeRef.current = null;
    clearReview();
    setPhase('preview');
  }

  function next() {
    if (manager && takeRef.current) {
      void manager.accept(takeRef.current);
      setSent((list) => [...list.filter((q) => q.campaignQuestionId !== qid), question]);
    }
    takeRef.current = null;
    clearReview();
    if (isLast) {
      navigate(paths.contributorJourney);
      return;
    }
    setIndex((i) => i + 1);
    setExpanded(false);
    setPhase('preview');
  }

  /** A sent take the server could not use: that question again, then on from there. */
  function recordAgain(q: JourneyQuestion) {
    setIndex(questions.indexOf(q));
    setExpanded(false);
    setEditing(false);
  }

  function back() {
    navigate(paths.contributorJourney);
  }

  async function onFile(file: File | undefined) {
    if (!file || !manager) return;
    const type = uploadFileType(file);
    if (!type) {
      toast.error(answerFileRefused());
      return;
    }
    const seconds = await videoDuration(file);
    if (isOverTimeLimit(limit, seconds)) {
      toast.error(overTimeLimitMessage(limit!));
      return;
    }
    setTimeUp(false);
    setPhase('importing');
    closeCamera();
    try {
      const takeId = await manager.createTake(data, qid, type, device);
      takeRef.current = takeId;
      for (let offset = 0; offset < file.size; offset += FILE_SLICE_BYTES) {
        await manager.append(takeId, await file.slice(offset, offset + FILE_SLICE_BYTES).arrayBuffer());
      }
      await manager.finish(takeId, seconds);
      setReviewUrl(URL.createObjectURL(file));
      setPhase('review');
    } catch {
      if (takeRef.current) void manager.discard(takeRef.current);
      takeRef.current = null;
      toast.error(answerFileRefused());
      setPhase('preview');
    }
  }

  const busy = phase !== 'preview';
  const recording = phase === 'recording';

  return (
    <main
      id={MAIN_ID}
      tabIndex={-1}
      className="fixed inset-0 flex flex-col bg-black text-white outline-none landscape:flex-row"
      data-testid="studio"
      data-phase={phase}
    >
      <div className="relative min-h-0 flex-1">
        <video
          ref={videoRef}
          autoPlay
          muted
          playsInline
          data-testid="camera-preview"
          className={cn('absolute inset-0 h-full w-full object-cover', facing === 'user' && '-scale-x-100')}
        />
        <div className="absolute inset-x-0 top-0 h-2/5">
          <Teleprompter script={script} settings={settings} running={recording} resetKey={`${qid}-${phase === 'countdown'}`} />
        </div>
        {practice && (
          <div className="absolute start-3 top-[calc(40%+0.75rem)] rounded-full bg-accent px-3 py-1 text-xs font-semibold text-black" data-testid="practice-banner">
            {t('studio.practiceBanner')}
          </div>
        )}
        {recording && (
          <div className="absolute end-3 top-[calc(40%+0.75rem)] flex items-center gap-2 rounded-full bg-black/60 px-3 py-1 text-sm tabular-nums" data-testid="recording-timer" aria-live="off">
            <span className="h-2.5 w-2.5 animate-pulse rounded-full bg-danger" aria-hidden />
            {formatClock(elapsed)}
            {limit && (
              <span className={cn('text-xs', limit - elapsed <= 10 ? 'font-semibold text-accent' : 'text-white/70')} data-testid="time-left">
                {t('studio.timeLeft', { time: formatClock(Math.max(0, limit - elapsed)) })}
              </span>
            )}
          </div>
        )}
        {phase === 'countdown' && (
          <div className="absolute inset-0 flex flex-col items-center justify-center bg-black/50" role="status" data-testid="countdown">
            <span className="text-7xl font-bold tabular-nums">{formatNumber(Math.max(count, 1))}</span>
            <span className="mt-3 text-xl">{countdownTips()[(COUNTDOWN_SECONDS - Math.max(count, 1)) % countdownTips().length]}</span>
          </div>
        )}
        {(phase === 'importing' || phase === 'stopping' || (!stream && phase === 'preview' && !cameraBlocked)) && (
          <div className="absolute inset-0 flex items-center justify-center">
            <span className="rounded bg-black/60 px-3 py-1 text-sm">
              {phase === 'importing' ? t('studio.savingFile') : phase === 'stopping' ? t('studio.savingTake') : t('studio.openingCamera')}
            </span>
          </div>
        )}
        {alert && !busy && (
          <div role="alert" data-testid="orientation-alert" className="absolute inset-x-4 bottom-4 rounded-lg bg-accent p-3 text-center font-semibold text-black">
            {alert === 'turn to portrait' ? t('studio.turnPortrait') : t('studio.turnLandscape')}
          </div>
        )}
      </div>

      <aside aria-label={t('studio.controls')} className="max-h-[50%] space-y-3 overflow-y-auto bg-neutral-950 p-3 landscape:max-h-none landscape:w-80">
        <div className="flex items-center justify-between gap-2">
          <Button size="sm" variant="ghost" className="text-white hover:bg-white/10" onClick={back} disabled={phase === 'stopping' || phase === 'importing'}>
            {t('studio.back')}
          </Button>
          <span className="text-xs text-white/70">{t('studio.questionOf', { number: numbers[qid] ?? index + 1, total })}</span>
          {practice && (
            <Button size="sm" variant="secondary" onClick={back}>
              {t('studio.exitPractice')}
            </Button>
          )}
          <LanguageSwitcher dark />
        </div>

        <div>
          <h1 className={cn('text-base font-semibold', !expanded && 'line-clamp-2')} data-testid="studio-question">
            {question.question}
          </h1>
          <button type="button" className="text-xs text-white/70 underline" aria-expanded={expanded} onClick={() => setExpanded((v) => !v)}>
            {expanded ? t('studio.collapse') : t('studio.expand')}
          </button>
          {expanded && question.tips && <p className="mt-1 text-sm text-white/80">{question.tips}</p>}
          {limit && (
            <p className="mt-1 text-xs text-white/70" data-testid="time-limit">
              {t('studio.timeLimit', { limit: timeLimitLabel(limit) })}
            </p>
          )}
          {timeUp && phase === 'review' && (
            <p role="status" className="mt-2 rounded bg-accent p-2 text-sm font-medium text-black" data-testid="time-up">
              {t('studio.timeUp', { limit: timeLimitLabel(limit ?? 0) })}
            </p>
          )}
        </div>

        {codecMissing && (
          <p role="alert" className="rounded bg-danger p-2 text-sm font-medium text-white" data-testid="codec-missing">
            {noCodecMessage()}
          </p>
        )}

        <div className="flex flex-wrap gap-2">
          {recording ? (
            <Button ref={recordButton} variant="danger" size="lg" onClick={() => void stop()} fullWidth>
              {t('studio.stop')}
            </Button>
          ) : (
            <Button ref={recordButton} size="lg" fullWidth onClick={start} disabled={busy || !!alert || !stream || codecMissing}>
              {t('common.startRecording')}
            </Button>
          )}
          <Button
            variant="secondary"
            size="sm"
            disabled={busy}
            onClick={() => {
              closeCamera();
              setFacing((f) => (f === 'user' ? 'environment' : 'user'));
            }}
          >
            {t('studio.flip')}
          </Button>
          {!practice && (
            <>
              <Button variant="secondary" size="sm" disabled={busy} onClick={() => fileInput.current?.click()}>
                {t('studio.uploadInstead')}
              </Button>
              <input
                ref={fileInput}
                type="file"
                accept="video/*"
                className="hidden"
                data-testid="upload-file"
                onChange={(e) => {
                  void onFile(e.target.files?.[0]);
                  e.target.value = '';
                }}
              />
            </>
          )}
        </div>

        {!practice && <TakeProgress sent={sent} numbers={numbers} onRecordAgain={recordAgain} disabled={busy} />}

        <TeleprompterControls settings={settings} onChange={update} />

        <div className="space-y-1 text-sm">
          <div className="flex items-center justify-between">
            <span className="text-white/70">{formatReadingTime(script)}</span>
            <span className="text-xs text-white/70" data-testid="script-save-state" aria-live="polite">
              {scriptSave.label}
            </span>
            <button type="button" className="text-xs underline disabled:opacity-40" disabled={recording} onClick={() => setEditing((v) => !v)}>
              {editing ? t('studio.doneEditing') : t('studio.editScript')}
            </button>
          </div>
          {editing && (
            <>
              <textarea
                aria-label={t('studio.yourScript')}
                className="h-32 w-full rounded bg-white/10 p-2 text-sm text-white"
                value={script}
                onChange={(e) => {
                  const text = e.target.value;
                  setScripts((s) => ({ ...s, [qid]: text }));
                  scriptSave.save(qid, text);
                }}
              />
              <AiWand
                key={qid}
                dark
                data={data}
                campaignQuestionId={qid}
                offerFirstAnswer={index > 0}
                onScript={(text) => {
                  // The server saved it; saving it again replaces any pending save of the old text.
                  setScripts((s) => ({ ...s, [qid]: text }));
                  scriptSave.save(qid, text);
                }}
              />
            </>
          )}
        </div>
      </aside>

      <Dialog
        open={cameraBlocked}
        title={t('studio.allowCamera')}
        onClose={() => setCameraBlocked(false)}
        footer={<Button onClick={() => window.location.reload()}>{t('studio.reload')}</Button>}
      >
        <p className="text-sm">{streamUnavailableMessage()}</p>
        <p className="mt-2 text-sm text-muted">{t('studio.allowCameraBody')}</p>
      </Dialog>

      <Dialog open={phase === 'review'} title={practice ? t('studio.practiceTake') : t('studio.take')} onClose={() => undefined}
        footer={
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={retake}>
              {practice ? t('studio.repeatPractice') : t('studio.retake')}
            </Button>
            {practice ? (
              <Button onClick={() => navigate(paths.contributorRecordVideo, { replace: true })}>{t('studio.startFinal')}</Button>
            ) : (
              <Button onClick={next}>{isLast ? t('studio.reviewForSubmission') : t('studio.nextQuestion')}</Button>
            )}
          </div>
        }
      >
        {reviewUrl && <video src={reviewUrl} controls playsInline className="max-h-[50vh] w-full rounded bg-black" data-testid="review-video" />}
        {!practice && <p className="mt-2 text-xs text-muted">{t('studio.savedOnDevice')}</p>}
      </Dialog>
    </main>
  );
}
