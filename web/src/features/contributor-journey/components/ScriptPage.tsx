import { useState } from 'react';
import { Link, useSearchParams } from '../app/router';
import { Spinner } from '@/components/ui/Spinner';
import { paths } from '@/config/paths';
import { useContributorData, useJourney } from '../api/queries';
import { useScriptSave } from '../api/use-script-save';
import { formatReadingTime, htmlToText, toParagraphs } from '../lib/text';
import type { ContributorData, JourneyQuestion } from '../types';
import { AiWand } from './AiWand';
import { t } from '../i18n/i18n';
import { ContributorFrame, Notice } from './ContributorFrame';

/**
 * Where a contributor prepares the script of a question in their own words, or with the AI wand
 * (which saves what it writes). Saved to the journey 500 ms after the last change.
 */
export function ScriptPage() {
  const data = useContributorData();
  const [search] = useSearchParams();
  const journey = useJourney(data);
  if (!data) return <Notice title={t('common.incompleteLink')}>{t('common.openInvitationAgain')}</Notice>;
  if (journey.isPending) {
    return (
      <ContributorFrame>
        <div className="flex justify-center py-16">
          <Spinner className="h-8 w-8 text-primary" label={t('common.loading')} />
        </div>
      </ContributorFrame>
    );
  }
  const questions = [...(journey.data?.questions ?? [])].sort((a, b) => a.sequence - b.sequence);
  const wanted = search.get('campaignQuestionId');
  const question = questions.find((q) => q.campaignQuestionId === wanted) ?? questions[0];
  if (!question) return <Notice title={t('script.noQuestion')}>{t('script.noQuestionBody')}</Notice>;
  return <ScriptEditor key={question.campaignQuestionId} data={data} question={question} number={questions.indexOf(question) + 1} />;
}

function ScriptEditor({ data, question, number }: { data: ContributorData; question: JourneyQuestion; number: number }) {
  const [text, setText] = useState(() => question.contributorScript ?? htmlToText(question.script));
  const scriptSave = useScriptSave(data);
  const save = (value: string) => scriptSave.save(question.campaignQuestionId, value);
  const paragraphs = toParagraphs(text);

  return (
    <ContributorFrame>
      <div className="space-y-4">
        <Link to={paths.contributorJourney} className="text-sm text-primary underline">
          {t('script.back')}
        </Link>
        <div>
          <p className="text-sm text-muted">{t('script.questionNumber', { number })}</p>
          <h1 className="text-xl font-semibold">{question.question}</h1>
          {question.tips && <p className="mt-1 text-sm text-muted">{question.tips}</p>}
        </div>
        <AiWand
          data={data}
          campaignQuestionId={question.campaignQuestionId}
          offerFirstAnswer={number > 1}
          onScript={(script) => {
            // The server saved it; saving it again replaces any pending save of the old text.
            setText(script);
            save(script);
          }}
        />
        <label className="block space-y-1.5">
          <span className="text-sm font-medium">{t('script.yours')}</span>
          <textarea
            className="h-56 w-full rounded-lg border border-line bg-raised p-3 text-sm"
            value={text}
            placeholder={t('script.placeholder')}
            onChange={(e) => {
              setText(e.target.value);
              save(e.target.value);
            }}
          />
        </label>
        <div className="flex justify-between text-xs text-muted" aria-live="polite">
          <span>{formatReadingTime(text)}</span>
          <span data-testid="script-save-state">
            {scriptSave.label}
          </span>
        </div>
        {paragraphs.length > 0 && (
          <section aria-label={t('script.preview')} className="space-y-3 rounded-xl border border-line bg-raised p-4">
            {paragraphs.map((p, i) => (
              <p key={i} className="whitespace-pre-line">
                {p}
              </p>
            ))}
          </section>
        )}
      </div>
    </ContributorFrame>
  );
}
