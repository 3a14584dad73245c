import { useState } from 'react';
import { clearContributorDetail } from '../lib/storage';
import { useDebouncedCallback } from '../lib/use-debounced-callback';
import { SCRIPT_SAVE_DELAY_MS } from '../recording/teleprompter-config';
import type { ContributorData, Journey } from '../types';
import { t } from '../i18n/i18n';
import { saveJourney } from './contributor-api';
import { contributorKeys } from './queries';
import { updateResourceData } from './resource';

export type ScriptSaveState = 'idle' | 'saving' | 'saved' | 'error';

/** What the page says of a save, in its language. */
export function scriptSaveLabel(state: ScriptSaveState): string {
  if (state === 'saving') return t('save.saving');
  if (state === 'saved') return t('save.saved');
  return state === 'error' ? t('save.error') : '';
}

/**
 * Saves a collaborator's own script of a question 500 ms after the last change (and at once when
 * the page is left), and says where the save stands, so nobody leaves before their words are kept.
 */
export function useScriptSave(data: ContributorData) {
  const [state, setState] = useState<ScriptSaveState>('idle');
  const debouncedSave = useDebouncedCallback((campaignQuestionId: string, contributorScript: string) => {
    setState('saving');
    saveJourney(data, { campaignQuestionId, contributorScript })
      .then(() => setState('saved'))
      .catch(() => {
        clearContributorDetail();
        setState('error');
      });
  }, SCRIPT_SAVE_DELAY_MS);
  const save = (campaignQuestionId: string, contributorScript: string) => {
    // Every page of this visit reads the journey from one cache: it holds the words at once, so
    // "Prepare your script" and the studio, opened next, never start from the older script.
    updateResourceData<Journey>(contributorKeys.journey(data), (journey) => ({
      ...journey,
      questions: journey.questions.map((q) => (q.campaignQuestionId === campaignQuestionId ? { ...q, contributorScript } : q)),
    }));
    debouncedSave.call(campaignQuestionId, contributorScript);
  };
  return { save, state, label: scriptSaveLabel(state) };
}
