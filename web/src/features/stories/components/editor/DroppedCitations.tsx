import { Button } from '@/components/ui/Button';
import type { DroppedClip } from '../../api/story';

type Props = {
  dropped: DroppedClip[];
  /** A collaborator's shown name, when the story knows it. */
  nameOf: (contributorId: string) => string | undefined;
  /** A question's text, when the campaign has it. */
  questionOf: (questionId: string) => string | undefined;
  onDismiss: () => void;
};

/** What the AI draft proposed and the check left out: what the model claimed, and why it was dropped. */
export function DroppedCitations({ dropped, nameOf, questionOf, onDismiss }: Props) {
  return (
    <section aria-labelledby="dropped-heading" data-testid="dropped-citations" className="space-y-2 rounded-xl border border-warning bg-warning/10 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="dropped-heading" className="font-semibold">
          Dropped by the check
        </h2>
        <Button size="sm" variant="ghost" onClick={onDismiss}>
          Dismiss
        </Button>
      </div>
      <p className="text-sm text-muted">
        The draft keeps only clips whose quoted words are exactly what was said. The model also proposed these:
      </p>
      <ul className="space-y-2 text-sm">
        {dropped.map((d, i) => {
          const who = d.contributorId ? nameOf(d.contributorId) : undefined;
          const question = d.questionId ? questionOf(d.questionId) : undefined;
          return (
            <li key={i} data-testid="dropped-citation" className="rounded border border-line bg-raised p-2">
              <p>
                <span className="text-muted">The model quoted:</span> “{d.quote}”
              </p>
              <p className="text-muted">
                {who || question
                  ? `Cited ${who ?? 'a collaborator'}${question ? `, answering “${question}”` : ''}, words ${d.firstWord}–${d.lastWord}`
                  : `Cited an answer the campaign does not have, words ${d.firstWord}–${d.lastWord}`}
              </p>
              <p className="font-medium">Why it was dropped: {d.reason}</p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
