import { useEffect, useRef } from 'react';
import { t } from '../i18n/i18n';
import { toParagraphs } from '../lib/text';
import { AUTOSCROLL_RESUME_MS, pixelsPerSecond, type TeleprompterSettings } from './teleprompter-config';

type Props = {
  script: string;
  settings: TeleprompterSettings;
  /** Scrolls on its own while true (recording). */
  running: boolean;
  /** Changes when a new question starts: back to the top. */
  resetKey: string;
};

/**
 * The script over the camera preview. While running it scrolls at the chosen speed; a manual scroll
 * pauses it, and it resumes 1.5 s after the last manual scroll.
 */
export function Teleprompter({ script, settings, running, resetKey }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const pausedUntil = useRef(0);
  const position = useRef(0);
  const speed = useRef(settings.speed);
  speed.current = settings.speed;

  useEffect(() => {
    position.current = 0;
    if (ref.current) ref.current.scrollTop = 0;
  }, [resetKey]);

  useEffect(() => {
    if (!running) return;
    let frame = 0;
    let last = performance.now();
    const el = ref.current;
    if (el) position.current = el.scrollTop;
    const tick = (now: number) => {
      const dt = (now - last) / 1000;
      last = now;
      const node = ref.current;
      if (node) {
        if (now < pausedUntil.current) {
          position.current = node.scrollTop;
        } else {
          position.current = Math.min(position.current + pixelsPerSecond(speed.current) * dt, node.scrollHeight);
          node.scrollTop = position.current;
        }
      }
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [running]);

  const manual = () => {
    pausedUntil.current = performance.now() + AUTOSCROLL_RESUME_MS;
  };

  const paragraphs = toParagraphs(script);
  return (
    <div
      ref={ref}
      data-testid="teleprompter"
      onWheel={manual}
      onTouchMove={manual}
      onPointerDown={manual}
      onKeyDown={manual}
      tabIndex={0}
      // A scrollable region the keyboard can reach and scroll (arrow keys, Page Up/Down).
      role="region"
      aria-label={t('prompter.region')}
      className="h-full overflow-y-auto px-4 py-3 text-center font-medium leading-snug text-white focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
      style={{ fontSize: `${settings.fontSize}px`, backgroundColor: `rgba(0, 0, 0, ${settings.contrast / 100})` }}
    >
      {paragraphs.length === 0 ? (
        <p className="opacity-70">{t('prompter.noScript')}</p>
      ) : (
        paragraphs.map((p, i) => (
          <p key={i} className="mb-[0.8em] whitespace-pre-line">
            {p}
          </p>
        ))
      )}
      <div className="h-[60%]" aria-hidden />
    </div>
  );
}
