import { formatNumber, t } from '../i18n/i18n';
import { CONTRAST, FONT, SPEED, type TeleprompterSettings } from './teleprompter-config';

type Props = {
  settings: TeleprompterSettings;
  onChange: (change: Partial<TeleprompterSettings>) => void;
  disabled?: boolean;
};

/** Speed 1..100, contrast 0..100, font size 12..64 in steps of 2. */
export function TeleprompterControls({ settings, onChange, disabled }: Props) {
  return (
    <fieldset className="grid gap-3 text-sm text-white" disabled={disabled} data-testid="teleprompter-controls">
      <legend className="sr-only">{t('prompter.region')}</legend>
      <label className="grid gap-1">
        <span className="flex justify-between">
          <span>{t('prompter.speed')}</span>
          <output>{formatNumber(settings.speed)}</output>
        </span>
        <input
          type="range"
          aria-label={t('prompter.speedLabel')}
          min={SPEED.min}
          max={SPEED.max}
          step={1}
          value={settings.speed}
          onChange={(e) => onChange({ speed: Number(e.target.value) })}
        />
      </label>
      <label className="grid gap-1">
        <span className="flex justify-between">
          <span>{t('prompter.contrast')}</span>
          <output>{formatNumber(settings.contrast)}</output>
        </span>
        <input
          type="range"
          aria-label={t('prompter.contrastLabel')}
          min={CONTRAST.min}
          max={CONTRAST.max}
          step={1}
          value={settings.contrast}
          onChange={(e) => onChange({ contrast: Number(e.target.value) })}
        />
      </label>
      <div className="grid gap-1">
        <span className="flex justify-between">
          <span id="font-size-label">{t('prompter.fontSize')}</span>
          <output aria-label={t('prompter.fontSizeValue')}>{formatNumber(settings.fontSize)}</output>
        </span>
        <div className="flex items-center gap-2">
          {/* The glyph is a picture of the action; the words are the button's name (label in name, WCAG 2.5.3). */}
          <button
            type="button"
            className="h-8 w-8 rounded-full bg-white/15 font-bold hover:bg-white/25 focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-40"
            disabled={settings.fontSize <= FONT.min}
            onClick={() => onChange({ fontSize: settings.fontSize - FONT.step })}
          >
            <span aria-hidden>A−</span>
            <span className="sr-only">{t('prompter.smaller')}</span>
          </button>
          <input
            type="range"
            aria-labelledby="font-size-label"
            className="flex-1"
            min={FONT.min}
            max={FONT.max}
            step={FONT.step}
            value={settings.fontSize}
            onChange={(e) => onChange({ fontSize: Number(e.target.value) })}
          />
          <button
            type="button"
            className="h-8 w-8 rounded-full bg-white/15 font-bold hover:bg-white/25 focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-40"
            disabled={settings.fontSize >= FONT.max}
            onClick={() => onChange({ fontSize: settings.fontSize + FONT.step })}
          >
            <span aria-hidden>A+</span>
            <span className="sr-only">{t('prompter.larger')}</span>
          </button>
        </div>
      </div>
    </fieldset>
  );
}
