import { useState, type CSSProperties, type ReactNode } from 'react';
import { cn } from '@/utils/cn';
import { CAPTION_SIZES, FONTS, isColour, normalColour, type BrandTheme, type LogoPosition } from '../api/theme-api';
import { usePreviewFont } from '../lib/fonts';

export type PreviewShape = 'landscape' | 'portrait' | 'square';

const SHAPES: readonly { value: PreviewShape; label: string; ratio: string }[] = [
  { value: 'landscape', label: '16:9', ratio: '16 / 9' },
  { value: 'portrait', label: '9:16', ratio: '9 / 16' },
  { value: 'square', label: '1:1', ratio: '1 / 1' },
];

// The render's proportions (functions/media-worker/src/service/story_render.rs, Layout), in
// container units of the frame: `cqmin` is 1 % of its shorter side, `cqh` of its height.
const CARD_SIZE = `${100 / 13}cqmin`;
const LOWER_SIZE = `${100 / 22}cqmin`;
const MARGIN = `${100 / 24}cqmin`;

/** The CSS `font-family` the preview uses for a theme's font. */
export function previewFamily(theme: Pick<BrandTheme, 'font'>): string {
  return `${fontOf(theme).previewFamily}, sans-serif`;
}

const fontOf = (theme: Pick<BrandTheme, 'font'>) => FONTS.find((f) => f.value === theme.font) ?? FONTS[0]!;

/** A colour the preview can draw: the theme's, or `fallback` while the field holds no colour. */
const paint = (value: string, fallback: string) => (isColour(value) ? normalColour(value) : fallback);

const CORNERS: Record<Exclude<LogoPosition, 'endCardOnly'>, CSSProperties> = {
  topLeft: { top: MARGIN, left: MARGIN },
  topRight: { top: MARGIN, right: MARGIN },
  bottomLeft: { bottom: MARGIN, left: MARGIN },
  bottomRight: { bottom: MARGIN, right: MARGIN },
};

function Logo({ url, style, testId }: { url: string | null; style: CSSProperties; testId: string }) {
  return url ? (
    <img src={url} alt="Your logo" data-testid={testId} className="absolute object-contain" style={style} />
  ) : (
    <span
      data-testid={testId}
      className="absolute flex items-center justify-center border border-dashed border-current px-[2cqmin] text-[3cqmin] opacity-80"
      style={style}
    >
      Logo
    </span>
  );
}

function Frame({ label, ratio, style, testId, children }: { label: string; ratio: string; style: CSSProperties; testId: string; children: ReactNode }) {
  return (
    <figure className="space-y-1">
      <div
        data-testid={testId}
        role="img"
        aria-label={label}
        className="relative w-full overflow-hidden rounded-md shadow-sm"
        style={{ aspectRatio: ratio, containerType: 'size', ...style }}
      >
        {children}
      </div>
      <figcaption className="text-xs text-muted">{label}</figcaption>
    </figure>
  );
}

/**
 * The theme drawn with CSS as the render lays it out: the title card, a clip with a lower third,
 * a caption line and the logo in its corner, and the end card; in 16:9, 9:16 or 1:1.
 */
export function ThemePreview({ theme, logoUrl, title = 'Why our volunteers stay' }: { theme: BrandTheme; logoUrl: string | null; title?: string }) {
  const [shape, setShape] = useState<PreviewShape>('landscape');
  const fontLoaded = usePreviewFont(theme.font);
  const ratio = SHAPES.find((s) => s.value === shape)!.ratio;
  const family = previewFamily(theme);
  const font = fontOf(theme);
  const background = paint(theme.background, '#111827');
  const text = paint(theme.text, '#ffffff');
  const accent = paint(theme.accent, '#2563eb');
  const captionShare = CAPTION_SIZES.find((c) => c.value === theme.captionSize)?.share ?? 0.05;
  const captionSize = `${captionShare * 100}cqmin`;
  const base: CSSProperties = { fontFamily: family, color: text };
  const cornerLogo = theme.logoPosition === 'endCardOnly' ? null : CORNERS[theme.logoPosition];

  return (
    <section aria-labelledby="theme-preview-heading" className="space-y-3" data-font-loaded={fontLoaded || undefined}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="theme-preview-heading" className="text-lg font-semibold">
          Preview
        </h2>
        <div role="group" aria-label="Preview shape" className="inline-flex rounded-lg border border-line p-0.5">
          {SHAPES.map((s) => (
            <button
              key={s.value}
              type="button"
              aria-pressed={shape === s.value}
              onClick={() => setShape(s.value)}
              className={cn(
                'rounded-md px-3 py-1 text-sm font-medium',
                shape === s.value ? 'bg-primary text-primary-fg' : 'text-fg hover:bg-sunken',
              )}
            >
              {s.label}
            </button>
          ))}
        </div>
      </div>
      <div className={cn('grid gap-4', shape === 'landscape' ? 'sm:grid-cols-2' : 'grid-cols-2 sm:grid-cols-3')} data-shape={shape}>
        <Frame label="Title card" ratio={ratio} testId="preview-title-card" style={{ ...base, background }}>
          <p
            className="absolute inset-0 flex items-center justify-center text-center leading-tight"
            style={{ fontSize: CARD_SIZE, padding: `0 calc(2 * ${MARGIN})` }}
          >
            {title}
          </p>
        </Frame>
        <Frame
          label="A clip: lower third, caption and logo"
          ratio={ratio}
          testId="preview-clip"
          style={{ ...base, background: 'linear-gradient(160deg, #64748b 0%, #334155 55%, #1e293b 100%)' }}
        >
          {cornerLogo && <Logo url={logoUrl} testId="preview-corner-logo" style={{ ...cornerLogo, maxWidth: '25cqmin', maxHeight: '10cqmin', opacity: 0.85, color: '#ffffff' }} />}
          <span
            data-testid="preview-lower-third"
            className="absolute whitespace-nowrap"
            style={{ left: MARGIN, bottom: '22cqh', background: accent, color: text, fontSize: LOWER_SIZE, padding: `calc(${LOWER_SIZE} / 3)` }}
          >
            Amal K.
          </span>
          <span
            data-testid="preview-caption"
            data-box={theme.captionBox || undefined}
            className="absolute left-1/2 w-max max-w-[80%] -translate-x-1/2 text-center"
            style={{
              bottom: '6cqh',
              color: '#ffffff',
              fontSize: captionSize,
              ...(theme.captionBox
                ? { background: 'rgba(0, 0, 0, 0.69)', padding: `calc(${captionSize} / 5)` }
                : { textShadow: '0 0 2px #000, 0 0 2px #000, 1px 1px 2px #000' }),
            }}
          >
            We stay because we see change.
          </span>
        </Frame>
        <Frame label="End card" ratio={ratio} testId="preview-end-card" style={{ ...base, background }}>
          <Logo url={logoUrl} testId="preview-end-logo" style={{ left: '50%', bottom: '52cqh', transform: 'translateX(-50%)', maxWidth: '60cqw', maxHeight: '25cqh' }} />
          <p className="absolute inset-x-0 text-center leading-tight" style={{ top: `calc(50cqh + ${MARGIN})`, fontSize: CARD_SIZE, padding: `0 calc(2 * ${MARGIN})` }}>
            Join us
          </p>
        </Frame>
      </div>
      <p className="text-xs text-muted">
        {font.note
          ? `Drawn in ${font.label}, or in ${font.note} where this computer lacks it: its twin, with the same letter widths, so lines wrap as in the video.`
          : 'Drawn in the font the video is rendered in.'}{' '}
        Captions are always white{theme.captionBox ? ', on a dark box' : ', outlined'}.
      </p>
    </section>
  );
}
