import { useResource } from '../api/resource';
import { useState } from 'react';
import { cn } from '@/utils/cn';
import { fetchAiStatus, generateScript } from '../api/contributor-api';
import { t } from '../i18n/i18n';
import type { ContributorData } from '../types';

/** Spec section 5: the AI script needs a prompt. */
export const promptRequired = () => t('ai.promptRequired');

export function useAiStatus() {
  return useResource(['contributor', 'ai-status'], () => fetchAiStatus({ toast: false }), { staleTime: 5 * 60_000 });
}

type Props = {
  data: ContributorData;
  campaignQuestionId: string;
  /** The new script (already saved by the server as the collaborator's script). */
  onScript: (text: string) => void;
  /** Offer "from my first answer" (not on the first question itself). */
  offerFirstAnswer?: boolean;
  /** Light text on the dark recording screen. */
  dark?: boolean;
};

/**
 * The AI wand: the collaborator says what they want to say and the AI writes their script.
 * Disabled, with the reason, when no AI provider is configured.
 */
export function AiWand({ data, campaignQuestionId, onScript, offerFirstAnswer = false, dark = false }: Props) {
  const status = useAiStatus();
  const [prompt, setPrompt] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const available = status.data?.available === true;
  const unavailableMessage = status.isError
    ? t('ai.unreachable')
    : (status.data?.message ?? t('ai.unavailable'));

  const run = async (fromFirstAnswer: boolean) => {
    if (!fromFirstAnswer && !prompt.trim()) {
      setError(promptRequired());
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const result = await generateScript(
        data,
        { campaignQuestionId, prompt: fromFirstAnswer ? '' : prompt, fromFirstAnswer },
        { toast: false },
      );
      onScript(result.videoScript);
      setPrompt('');
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : t('common.somethingWentWrong'));
    } finally {
      setBusy(false);
    }
  };

  const muted = dark ? 'text-white/70' : 'text-muted';
  return (
    <section aria-label={t('ai.region')} className={cn('space-y-2 rounded-lg border p-3', dark ? 'border-white/20' : 'border-line bg-raised')}>
      <label className="block space-y-1">
        <span className="text-sm font-medium">{t('ai.label')}</span>
        <textarea
          aria-label={t('ai.promptLabel')}
          className={cn('h-20 w-full rounded p-2 text-sm', dark ? 'bg-white/10 text-white' : 'border border-line bg-surface')}
          value={prompt}
          maxLength={2000}
          disabled={!available || busy}
          placeholder={t('ai.placeholder')}
          onChange={(e) => setPrompt(e.target.value)}
        />
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          className="rounded-lg bg-primary px-3 py-1.5 text-sm font-medium text-primary-fg disabled:opacity-50"
          disabled={!available || busy}
          onClick={() => void run(false)}
        >
          {busy ? t('ai.writing') : t('ai.write')}
        </button>
        {offerFirstAnswer && (
          <button
            type="button"
            className="text-sm underline disabled:opacity-50"
            disabled={!available || busy}
            onClick={() => void run(true)}
          >
            {t('ai.fromFirstAnswer')}
          </button>
        )}
      </div>
      {!status.isPending && !available && (
        <p className={cn('text-xs', muted)} data-testid="ai-unavailable">
          {unavailableMessage}
        </p>
      )}
      {error && (
        <p role="alert" className="text-xs font-medium text-danger">
          {error}
        </p>
      )}
    </section>
  );
}
