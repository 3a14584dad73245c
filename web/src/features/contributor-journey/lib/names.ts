/** First and last name rules (spec section 5): required, at least 3 characters, no special characters or emojis. */
const LETTERS = /^[\p{L}\p{M}]+(?:[ '\u2019-][\p{L}\p{M}]+)*$/u;

export function validateName(label: 'First name' | 'Last name', raw: string): string | null {
  const value = raw.trim();
  if (value === '') return `${label} is a required field`;
  if (!LETTERS.test(value)) return `${label} must not contain special characters or emojis`;
  if (value.length < 3) return `${label} must be at least 3 characters`;
  return null;
}
