import { useEffect, useState } from 'react';
import type { ThemeFont } from '../api/theme-api';

/**
 * The preview's faces, each the regular face the render uses (or its metric twin), loaded on
 * demand: only the brand theme screen asks for them, and only for the font chosen, so no font
 * is part of the staff app's first screen.
 */
const LOADERS: Record<ThemeFont, () => Promise<unknown>> = {
  dejavuSans: () => import('@fontsource/dejavu-sans/400.css'),
  liberationSans: () => import('@fontsource/arimo/400.css'),
  liberationSerif: () => import('@fontsource/tinos/400.css'),
  lato: () => import('@fontsource/lato/400.css'),
  openSans: () => import('@fontsource/open-sans/400.css'),
};

const loading = new Map<ThemeFont, Promise<void>>();

/** Loads a font's face for the preview (once). */
export function loadPreviewFont(font: ThemeFont): Promise<void> {
  let done = loading.get(font);
  if (!done) {
    done = LOADERS[font]().then(
      () => undefined,
      (error: unknown) => {
        loading.delete(font);
        throw error;
      },
    );
    loading.set(font, done);
  }
  return done;
}

/** Whether the chosen font's face is loaded (the preview shows it in a fallback until then). */
export function usePreviewFont(font: ThemeFont): boolean {
  const [loaded, setLoaded] = useState<ThemeFont | null>(null);
  useEffect(() => {
    let live = true;
    loadPreviewFont(font).then(
      () => live && setLoaded(font),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [font]);
  return loaded === font;
}
