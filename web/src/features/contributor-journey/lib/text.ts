import { t } from '../i18n/i18n';

/** Reading-time estimate (spec section 9): 180 words per minute by default. */
export const WORDS_PER_MINUTE = 180;

export function wordCount(text: string): number {
  const words = text.trim().split(/\s+/).filter(Boolean);
  return words.length;
}

/** Estimated reading time in seconds. */
export function readingSeconds(text: string, wpm = WORDS_PER_MINUTE): number {
  return Math.ceil((wordCount(text) / wpm) * 60);
}

export function formatReadingTime(text: string, wpm = WORDS_PER_MINUTE): string {
  const seconds = readingSeconds(text, wpm);
  if (seconds === 0) return t('reading.none');
  if (seconds < 60) return t('reading.seconds', { seconds });
  return t('reading.minutes', { minutes: Math.round(seconds / 60) });
}

/** The script as paragraphs, split on blank lines. */
export function toParagraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n+/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** Plain text of rich-text HTML (staff scripts and briefs), one blank line between blocks. */
export function htmlToText(html: string | null | undefined): string {
  if (!html) return '';
  if (!/[<&]/.test(html)) return html;
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const blocks: string[] = [];
  const blockTags = new Set(['P', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'LI', 'BLOCKQUOTE', 'PRE']);
  const walk = (node: Element) => {
    for (const child of Array.from(node.children)) {
      if (blockTags.has(child.tagName)) {
        const text = (child as HTMLElement).innerText ?? child.textContent ?? '';
        const clean = (child.textContent ?? text).replace(/\s+/g, ' ').trim();
        if (clean) blocks.push(child.tagName === 'LI' ? `• ${clean}` : clean);
      } else {
        walk(child);
      }
    }
  };
  walk(doc.body);
  if (blocks.length === 0) return (doc.body.textContent ?? '').trim();
  return blocks.join('\n\n');
}
