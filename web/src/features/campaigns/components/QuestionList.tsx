import { zodResolver } from '@hookform/resolvers/zod';
import { forwardRef, useEffect, useId, useRef, useState, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { useForm } from 'react-hook-form';
import { Card } from '@/components/layouts/PageHeader';
import { Button } from '@/components/ui/Button';
import { ConfirmButton } from '@/components/ui/ConfirmButton';
import { Dialog } from '@/components/ui/Dialog';
import { Input, Select } from '@/components/ui/Field';
import { Spinner } from '@/components/ui/Spinner';
import { cn } from '@/utils/cn';
import { useAiStatus, useGenerateParagraphs } from '../api/ai-api';
import {
  useAddQuestion,
  useDeleteQuestion,
  useMoveQuestion,
  useQuestions,
  useUpdateQuestion,
} from '../api/questions-api';
import { nextSequence, reconcileQuestions, type TempQuestion } from '../lib/questions';
import { LIMITS, questionSchema, TIME_LIMIT_OPTIONS, timeLimitValue, type QuestionValues } from '../schemas';
import type { Question } from '../types';

export type QuestionSave = { question: string; tips: string | null; script: string | null; timeLimitSeconds: number };

type EditorProps = {
  campaignId: string;
  initial: QuestionValues;
  saving: boolean;
  saveLabel: string;
  onSave: (values: QuestionSave) => void;
  onCancel: () => void;
  onDraftChange?: (values: QuestionValues) => void;
};

/** A question's text, tips and script (what the teleprompter shows; the campaign's script when empty). */
function QuestionEditor({ campaignId, initial, saving, saveLabel, onSave, onCancel, onDraftChange }: EditorProps) {
  const {
    register,
    handleSubmit,
    getValues,
    setValue,
    watch,
    formState: { errors },
  } = useForm<QuestionValues>({ resolver: zodResolver(questionSchema), defaultValues: initial });
  // The list keeps an unsaved question's draft (it survives the list reloading).
  const draft = { onChange: () => onDraftChange?.(getValues()) };
  const ai = useAiStatus();
  const generate = useGenerateParagraphs(campaignId);
  const aiAvailable = ai.data?.available === true;

  const length = watch('question').trim().length;
  const over = length - LIMITS.question;
  const reasonId = useId();

  const submit = handleSubmit((values) =>
    onSave({ question: values.question, tips: values.tips || null, script: values.script || null, timeLimitSeconds: Number(values.timeLimit) }),
  );

  const writeScript = () =>
    generate.mutate(
      {
        kind: 'script',
        prompt: `Write the script for this question only: ${getValues('question').trim() || 'the campaign'}`,
        currentText: getValues('script'),
      },
      {
        onSuccess: (result) => {
          setValue('script', result.paragraphs.join('\n\n'), { shouldDirty: true });
          onDraftChange?.(getValues());
        },
      },
    );

  return (
    <form noValidate onSubmit={submit} className="space-y-3">
      <Input
        label="Question"
        autoFocus
        {...register('question', draft)}
        aria-invalid={over > 0 || undefined}
        error={errors.question?.message}
        hint={
          // Red the moment the spec's limit is passed, not only after a save is tried.
          <span data-testid="question-counter" className={cn(over > 0 && 'font-medium text-danger')}>
            {length} / {LIMITS.question}
          </span>
        }
      />
      <Input label="Tips (optional)" {...register('tips', draft)} error={errors.tips?.message} />
      <Select
        label="Answer time limit"
        options={TIME_LIMIT_OPTIONS}
        hint="The studio shows the time left and stops there; a longer uploaded file is refused."
        {...register('timeLimit', draft)}
        error={errors.timeLimit?.message}
      />
      <TextArea
        label="Script (optional)"
        rows={4}
        placeholder="What the teleprompter shows for this question. Leave a blank line between paragraphs."
        hint="Without one, contributors start from the campaign's script. They can change it in their own words."
        {...register('script', draft)}
        error={errors.script?.message}
        action={
          <Button
            size="sm"
            variant="secondary"
            disabled={!aiAvailable}
            loading={generate.isPending}
            title={aiAvailable ? undefined : (ai.data?.message ?? 'AI writing help is not available.')}
            onClick={writeScript}
          >
            ✨ Write this question's script with AI
          </Button>
        }
      />
      <div className="flex flex-wrap items-center justify-end gap-2">
        {over > 0 && (
          <p id={reasonId} className="mr-auto text-xs font-medium text-danger">
            {`Shorten the question by ${over} character${over === 1 ? '' : 's'} to save it (at most ${LIMITS.question}).`}
          </p>
        )}
        <Button size="sm" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button
          size="sm"
          type="submit"
          loading={saving}
          disabled={over > 0}
          aria-describedby={over > 0 ? reasonId : undefined}
        >
          {saveLabel}
        </Button>
      </div>
    </form>
  );
}

type TextAreaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; hint: string; error?: string; action?: ReactNode };

/**
 * A multi-line field in the same frame as `Input` (label, hint or error), with an action beside the label.
 * forwardRef, as `Input`: the build runs on Preact, which passes no `ref` prop to a function component.
 */
const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea({ label, hint, error, action, ...rest }, ref) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label htmlFor={id} className="block text-sm font-medium text-fg">
          {label}
        </label>
        {action}
      </div>
      <textarea
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-${error ? 'error' : 'hint'}`}
        className={cn(
          'block w-full rounded-lg border bg-raised px-3 py-2 text-sm text-fg placeholder:text-muted focus:outline-2 focus:outline-offset-1 focus:outline-ring',
          error ? 'border-danger' : 'border-line',
        )}
        {...rest}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-danger">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      )}
    </div>
  );
});

let tempCounter = 0;

/** The questions of a saved campaign: add, edit, delete, reorder (drag and drop or buttons), tips. */
export function QuestionList({ campaignId, locked }: { campaignId: string; locked?: boolean }) {
  const questions = useQuestions(campaignId);
  const add = useAddQuestion(campaignId);
  const update = useUpdateQuestion(campaignId);
  const move = useMoveQuestion(campaignId);
  const remove = useDeleteQuestion(campaignId);
  const [temps, setTemps] = useState<TempQuestion[]>([]);
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Question | null>(null);
  const [dragIndex, setDragIndex] = useState<number | null>(null);
  const [announce, setAnnounce] = useState('');
  const savingTemp = useRef<string | null>(null);

  const saved = questions.data ?? [];
  const { rows, temps: keptTemps } = reconcileQuestions(saved, temps, savingTemp.current);

  // When the list reloads, temporary questions saved meanwhile are dropped and drafts the list
  // grew under move after it.
  useEffect(() => {
    if (JSON.stringify(keptTemps) !== JSON.stringify(temps)) setTemps(keptTemps);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [questions.data]);

  const addTemp = () => {
    tempCounter += 1;
    const temp: TempQuestion = {
      tempId: `temp-${tempCounter}`,
      question: '',
      tips: '',
      script: '',
      timeLimit: '0',
      sequence: nextSequence(saved, temps),
    };
    setTemps((list) => [...list, temp]);
  };

  const saveTemp = (temp: TempQuestion, values: QuestionSave) => {
    savingTemp.current = temp.tempId;
    add.mutate(
      { ...values, sequence: temp.sequence },
      {
        onSuccess: () => setTemps((list) => list.filter((t) => t.tempId !== temp.tempId)),
        onSettled: () => {
          savingTemp.current = null;
        },
      },
    );
  };

  const moveTo = (from: number, to: number) => {
    const q = saved[from];
    if (!q || to < 0 || to >= saved.length || from === to) return;
    move.mutate({ questionId: q.questionId, sequence: to + 1, from, to });
    setAnnounce(`"${q.question}" moved to position ${to + 1} of ${saved.length}`);
  };

  return (
    <Card>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0 flex-1 basis-48">
          <h2 className="text-lg font-semibold">Questions</h2>
          <p className="text-xs text-muted">Drag a question, or use its arrows, to change the order contributors see.</p>
        </div>
        <Button size="sm" onClick={addTemp} disabled={locked}>
          Add question
        </Button>
      </div>
      <p aria-live="polite" className="sr-only">
        {announce}
      </p>
      {questions.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner className="h-5 w-5" />
        </div>
      ) : rows.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted">No questions yet. Add the first one.</p>
      ) : (
        <ol aria-label="Questions" className="space-y-2">
          {rows.map((row, index) => {
            if (row.kind === 'temp') {
              const temp = row.temp;
              return (
                <li key={temp.tempId} data-testid="question-temp" className="rounded-lg border border-dashed border-primary p-3">
                  <QuestionEditor
                    campaignId={campaignId}
                    initial={{ question: temp.question, tips: temp.tips, script: temp.script, timeLimit: temp.timeLimit }}
                    saving={add.isPending && savingTemp.current === temp.tempId}
                    saveLabel="Save question"
                    onSave={(values) => saveTemp(temp, values)}
                    onCancel={() => setTemps((list) => list.filter((t) => t.tempId !== temp.tempId))}
                    onDraftChange={(v) =>
                      setTemps((list) => list.map((t) => (t.tempId === temp.tempId ? { ...t, ...v } : t)))
                    }
                  />
                </li>
              );
            }
            const q = row.question;
            const position = index;
            const isEditing = editing === q.questionId;
            return (
              <li
                key={q.questionId}
                data-testid="question-row"
                draggable={!isEditing && !locked}
                onDragStart={(e) => {
                  setDragIndex(position);
                  e.dataTransfer.effectAllowed = 'move';
                  e.dataTransfer.setData('text/plain', q.questionId);
                }}
                onDragOver={(e) => {
                  if (dragIndex !== null) e.preventDefault();
                }}
                onDrop={(e) => {
                  e.preventDefault();
                  if (dragIndex !== null) moveTo(dragIndex, position);
                  setDragIndex(null);
                }}
                onDragEnd={() => setDragIndex(null)}
                className={cn(
                  'rounded-lg border border-line bg-raised p-3',
                  dragIndex === position && 'opacity-50',
                )}
              >
                {isEditing ? (
                  <QuestionEditor
                    campaignId={campaignId}
                    initial={{ question: q.question, tips: q.tips ?? '', script: q.script ?? '', timeLimit: timeLimitValue(q.timeLimitSeconds) }}
                    saving={update.isPending}
                    saveLabel="Save changes"
                    onSave={(values) =>
                      update.mutate({ questionId: q.questionId, ...values }, { onSuccess: () => setEditing(null) })
                    }
                    onCancel={() => setEditing(null)}
                  />
                ) : (
                  // The actions move under the question when both do not fit one line (a phone).
                  <div className="flex flex-wrap items-start gap-3">
                    <span aria-hidden className="mt-0.5 cursor-grab select-none text-muted" title="Drag to reorder">
                      ⠿
                    </span>
                    <span className="mt-0.5 w-6 text-sm tabular-nums text-muted">{position + 1}.</span>
                    <div className="min-w-0 flex-1 basis-48">
                      <p data-testid="question-text" className="wrap-anywhere text-sm font-medium">
                        {q.question}
                      </p>
                      {q.tips && <p className="mt-0.5 text-xs text-muted">Tip: {q.tips}</p>}
                      {q.script && <p className="mt-0.5 text-xs text-muted">Has its own script</p>}
                      {q.timeLimitSeconds != null && (
                        <p className="mt-0.5 text-xs text-muted">
                          Answers up to {TIME_LIMIT_OPTIONS.find((o) => o.value === timeLimitValue(q.timeLimitSeconds))?.label.toLowerCase()}
                        </p>
                      )}
                    </div>
                    <div className="ml-auto flex shrink-0 gap-1">
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={`Move "${q.question}" up`}
                        disabled={position === 0 || locked}
                        onClick={() => moveTo(position, position - 1)}
                      >
                        ↑
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={`Move "${q.question}" down`}
                        disabled={position === saved.length - 1 || locked}
                        onClick={() => moveTo(position, position + 1)}
                      >
                        ↓
                      </Button>
                      <Button size="sm" variant="ghost" aria-label={`Edit "${q.question}"`} onClick={() => setEditing(q.questionId)}>
                        Edit
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        className="text-danger"
                        aria-label={`Delete "${q.question}"`}
                        onClick={() => setDeleting(q)}
                      >
                        Delete
                      </Button>
                    </div>
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      )}
      <Dialog
        open={!!deleting}
        title="Delete question?"
        onClose={() => setDeleting(null)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <ConfirmButton
              variant="danger"
              loading={remove.isPending}
              onClick={() => deleting && remove.mutate(deleting.questionId, { onSuccess: () => setDeleting(null) })}
            >
              Delete question
            </ConfirmButton>
          </>
        }
      >
        <p>
          The question <strong>{deleting?.question}</strong> is removed from this campaign.
        </p>
      </Dialog>
    </Card>
  );
}
