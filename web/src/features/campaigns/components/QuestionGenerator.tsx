import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Card } from '@/components/layouts/PageHeader';
import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Field';
import { useAiStatus, useGenerateQuestions, useRegenerateQuestion } from '../api/ai-api';
import { useAddQuestion, useQuestions } from '../api/questions-api';
import { questionGeneratorSchema, type QuestionGeneratorValues } from '../schemas';

type Suggestion = { id: number; text: string; busy: boolean };
type FieldName = keyof QuestionGeneratorValues;

const FIELDS: { name: FieldName; label: string; placeholder: string }[] = [
  { name: 'location', label: 'Location', placeholder: 'Where the stories happen, e.g. our Bristol office' },
  { name: 'keywords', label: 'Keywords', placeholder: 'e.g. teamwork, first day, customers' },
  { name: 'toneOfVoice', label: 'Tone of voice', placeholder: 'e.g. warm and informal' },
  { name: 'sceneRequest', label: 'Scene request', placeholder: 'e.g. at your desk, looking at the camera' },
];

let suggestionCounter = 0;

/**
 * The AI question generator of the campaign editor: four required fields, then suggestions that
 * staff add (through the usual question add call), regenerate or discard one by one. Disabled, with
 * the reason, when no AI provider is configured.
 */
export function QuestionGenerator({ campaignId, locked }: { campaignId: string; locked?: boolean }) {
  const status = useAiStatus();
  const generate = useGenerateQuestions(campaignId);
  const regenerate = useRegenerateQuestion(campaignId);
  const add = useAddQuestion(campaignId);
  const questions = useQuestions(campaignId);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<QuestionGeneratorValues>({
    resolver: zodResolver(questionGeneratorSchema),
    defaultValues: { location: '', keywords: '', toneOfVoice: '', sceneRequest: '' },
  });
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const available = status.data?.available === true;
  const disabled = !available || !!locked;

  const submit = handleSubmit((fields) =>
    generate.mutate(fields, {
      onSuccess: (result) => {
        setSuggestions(result.questions.map((text) => ({ id: ++suggestionCounter, text, busy: false })));
      },
    }),
  );

  const setBusy = (id: number, busy: boolean) =>
    setSuggestions((list) => list.map((s) => (s.id === id ? { ...s, busy } : s)));
  const discard = (id: number) => setSuggestions((list) => list.filter((s) => s.id !== id));

  // Regenerating one suggestion uses the four fields as they are now, checked as for the first run.
  const again = (suggestion: Suggestion) =>
    void handleSubmit((fields) => {
      setBusy(suggestion.id, true);
      regenerate.mutate(
        { ...fields, question: suggestion.text, otherQuestions: suggestions.filter((s) => s.id !== suggestion.id).map((s) => s.text) },
        {
          onSuccess: (result) =>
            setSuggestions((list) => list.map((s) => (s.id === suggestion.id ? { ...s, text: result.question, busy: false } : s))),
          onError: () => setBusy(suggestion.id, false),
        },
      );
    })();

  const keep = (suggestion: Suggestion) => {
    setBusy(suggestion.id, true);
    add.mutate(
      { question: suggestion.text, tips: null, sequence: null },
      { onSuccess: () => discard(suggestion.id), onError: () => setBusy(suggestion.id, false) },
    );
  };

  const full = (questions.data?.length ?? 0) >= 50;

  return (
    <Card className="space-y-4">
      <div>
        <h2 className="text-lg font-semibold">✨ Generate questions with AI</h2>
        <p className="text-sm text-muted">
          The AI reads the campaign's title, description and brief. Add the questions you like; they join the list above.
        </p>
      </div>
      {!status.isPending && !available && (
        <p className="rounded-lg border border-line bg-sunken px-3 py-2 text-sm text-muted" data-testid="ai-unavailable">
          {status.isError ? 'AI writing help could not be reached.' : (status.data?.message ?? 'AI writing help is not available.')}
        </p>
      )}
      <form noValidate onSubmit={submit} className="space-y-3">
        <div className="grid gap-3 sm:grid-cols-2">
          {FIELDS.map((field) => (
            <Input
              key={field.name}
              label={field.label}
              placeholder={field.placeholder}
              maxLength={200}
              disabled={disabled}
              error={errors[field.name]?.message}
              {...register(field.name)}
            />
          ))}
        </div>
        <Button type="submit" disabled={disabled} loading={generate.isPending}>
          Generate questions
        </Button>
      </form>
      {suggestions.length > 0 && (
        <ul className="space-y-2" aria-label="Generated questions">
          {suggestions.map((suggestion) => (
            <li key={suggestion.id} className="flex flex-wrap items-center gap-2 rounded-lg border border-line px-3 py-2">
              <span className="min-w-0 flex-1 text-sm">{suggestion.text}</span>
              <Button size="sm" onClick={() => keep(suggestion)} disabled={suggestion.busy || full || !!locked}>
                Add
              </Button>
              <Button size="sm" variant="secondary" onClick={() => again(suggestion)} disabled={suggestion.busy || disabled}>
                Regenerate
              </Button>
              <Button size="sm" variant="ghost" onClick={() => discard(suggestion.id)} disabled={suggestion.busy}>
                Discard
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
