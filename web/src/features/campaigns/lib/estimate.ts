/**
 * How long answering a campaign takes, as the API estimates it (shared/src/campaigns/rules.rs,
 * `estimated_minutes`): 90 s per question, and what there is to read at 200 words a minute.
 */
export const SECONDS_PER_QUESTION = 90;
export const READING_WORDS_PER_MINUTE = 200;

/** Words a person reads in the rich-text editor's HTML (tags are not words). */
export function wordsInHtml(html: string | null | undefined): number {
  if (!html) return 0;
  return html
    .replace(/<[^>]*>/g, ' ')
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

export function estimatedMinutes(questions: number, wordsToRead: number): number {
  const seconds = questions * SECONDS_PER_QUESTION + Math.floor((wordsToRead * 60) / READING_WORDS_PER_MINUTE);
  return Math.max(1, Math.ceil(seconds / 60));
}
