import { useCallback, useRef, useState } from 'react';
import { useDebouncedCallback } from '../lib/use-debounced-callback';
import type { VideoConfig } from '../types';
import {
  clampFont,
  CONTRAST,
  SETTINGS_SAVE_DELAY_MS,
  SPEED,
  VIDEO_CONFIG_POST_DELAY_MS,
  type TeleprompterSettings,
} from './teleprompter-config';

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, Math.round(v)));

/**
 * Teleprompter speed, contrast and font size. Each change shows at once; it is saved (`onSave`, the
 * local copy) 500 ms after the last change, and the video config is posted (`onPost`) 1 s after it.
 */
export function useTeleprompterSettings(
  initial: TeleprompterSettings,
  onSave: (config: VideoConfig) => void,
  onPost: (config: VideoConfig) => void,
) {
  const [settings, setSettings] = useState(initial);
  // The settings of the last change, read by the next one: the change is worked out here, outside
  // a state updater, so that saving it is not a side effect React may run twice.
  const latest = useRef(initial);
  const save = useDebouncedCallback(onSave, SETTINGS_SAVE_DELAY_MS);
  const post = useDebouncedCallback(onPost, VIDEO_CONFIG_POST_DELAY_MS);

  const update = useCallback(
    (change: Partial<TeleprompterSettings>) => {
      const current = latest.current;
      const next: TeleprompterSettings = {
        speed: change.speed !== undefined ? clamp(change.speed, SPEED.min, SPEED.max) : current.speed,
        contrast: change.contrast !== undefined ? clamp(change.contrast, CONTRAST.min, CONTRAST.max) : current.contrast,
        fontSize: change.fontSize !== undefined ? clampFont(change.fontSize) : current.fontSize,
      };
      latest.current = next;
      setSettings(next);
      save.call(next);
      post.call(next);
    },
    [save, post],
  );

  return { settings, update };
}
