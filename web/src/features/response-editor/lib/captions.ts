import { saveBlob } from '@/utils/save-blob';

/** Saves `text` as a file named `name` (captions made by the API, kept in memory). */
function downloadText(name: string, text: string, type: string) {
  saveBlob(new Blob([text], { type }), name);
}

/** The two caption files the API makes, as the download buttons name them. */
export const CAPTION_FORMATS = [
  { format: 'srt', label: 'SRT' },
  { format: 'vtt', label: 'WebVTT' },
] as const;
export type CaptionFormat = (typeof CAPTION_FORMATS)[number]['format'];

/** Saves one of an answer's or a video's caption files under its file name. */
export function saveCaptions(files: { fileName: string; srt: string; webvtt: string }, format: CaptionFormat) {
  if (format === 'srt') downloadText(`${files.fileName}.srt`, files.srt, 'application/x-subrip');
  else downloadText(`${files.fileName}.vtt`, files.webvtt, 'text/vtt');
}

const languageNames = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['en'], { type: 'language' }) : null;

/** "Spanish" for "es" (the code itself where the browser cannot name it). */
export function languageName(code: string): string {
  return languageNames?.of(code) ?? code;
}
