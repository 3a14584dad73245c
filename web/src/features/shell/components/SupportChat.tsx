import { useEffect } from 'react';
import { env } from '@/config/env';

/** Marks the script element, so it is added once and found again. */
export const SUPPORT_CHAT_ATTRIBUTE = 'data-support-chat';

/**
 * Loads the support chat widget's script (spec section 1: on staff pages, never on contributor
 * pages). Rendered by the staff layout only; renders nothing and loads nothing when no script is
 * configured. Leaving the staff frame removes the script element again.
 */
export function SupportChat({ scriptUrl = env.SUPPORT_CHAT_SCRIPT_URL }: { scriptUrl?: string }) {
  useEffect(() => {
    if (!scriptUrl) return;
    if (document.querySelector(`script[${SUPPORT_CHAT_ATTRIBUTE}]`)) return;
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    script.setAttribute(SUPPORT_CHAT_ATTRIBUTE, '');
    document.body.appendChild(script);
    return () => script.remove();
  }, [scriptUrl]);
  return null;
}
