/** Saves `text` as a file named `name` (captions made by the API, kept in memory). */
export function downloadText(name: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export const SRT_TYPE = 'application/x-subrip';
export const VTT_TYPE = 'text/vtt';

const languageNames = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['en'], { type: 'language' }) : null;

/** "Spanish" for "es" (the code itself where the browser cannot name it). */
export function languageName(code: string): string {
  return languageNames?.of(code) ?? code;
}
