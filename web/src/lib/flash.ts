/** A message kept in sessionStorage across one page reload (e.g. after an account is closed). */
const KEY = 'flash';

export type Flash = { kind: 'success' | 'error' | 'info'; message: string };

export function setFlash(flash: Flash): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(flash));
  } catch {
    /* storage unavailable */
  }
}

export function takeFlash(): Flash | null {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    if (!raw) return null;
    window.sessionStorage.removeItem(KEY);
    const parsed = JSON.parse(raw) as Partial<Flash>;
    if (typeof parsed.message !== 'string') return null;
    const kind = parsed.kind === 'error' || parsed.kind === 'info' ? parsed.kind : 'success';
    return { kind, message: parsed.message };
  } catch {
    return null;
  }
}
