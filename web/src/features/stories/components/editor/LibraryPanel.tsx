import { useMemo, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/Button';
import { Input, Select } from '@/components/ui/Field';
import { Spinner } from '@/components/ui/Spinner';
import {
  useAnswers,
  useCampaignCollaborators,
  useCampaignQuestions,
  useLibrary,
  useWordSearch,
  type LibraryAnswer,
  type LibraryFilter,
} from '../../api/library';
import { foundWords } from '../../lib/editor/words';
import { LibraryAnswerCard } from './LibraryAnswerCard';

type Props = {
  campaignId: string;
  onAdd: (answer: LibraryAnswer, range: { from: number; to: number }) => void;
};

const NO_FILTER: LibraryFilter = { questionId: '', contributorId: '' };

/** The search's hits, each shown as its library answer with the found words marked. */
function SearchResults({ campaignId, text, onAdd }: { campaignId: string; text: string; onAdd: Props['onAdd'] }) {
  const search = useWordSearch(campaignId, text);
  const hits = useMemo(() => search.data?.pages.flatMap((p) => p.items) ?? [], [search.data]);
  const refs = useMemo(() => hits.map((h) => ({ contributorId: h.contributorId, questionId: h.journeyId })), [hits]);
  const answers = useAnswers(campaignId, refs);
  if (search.isPending) return <Spinner />;
  if (search.error) return <p role="alert" className="text-sm text-danger">{search.error.message}</p>;
  const shown = answers.map((a) => a.data).filter((a): a is LibraryAnswer => !!a);
  const waiting = answers.some((a) => a.isPending);
  return (
    <div className="space-y-3">
      <p className="text-sm text-muted" role="status">
        {hits.length === 0 ? `No answer says “${text}”.` : `Answers that say “${text}”: ${hits.length}${search.hasNextPage ? '+' : ''}`}
      </p>
      <ul aria-label="Answers found" className="space-y-3">
        {shown.map((answer) => (
          <li key={`${answer.contributorId}/${answer.questionId}`}>
            <LibraryAnswerCard answer={answer} found={foundWords(answer.words, text)} onAdd={onAdd} />
          </li>
        ))}
      </ul>
      {waiting && <Spinner />}
      {!waiting && hits.length > shown.length && (
        <p className="text-xs text-muted">Some answers found have no transcript of their current take yet.</p>
      )}
      {search.hasNextPage && (
        <Button variant="secondary" size="sm" loading={search.isFetchingNextPage} onClick={() => void search.fetchNextPage()}>
          More answers found
        </Button>
      )}
    </div>
  );
}

/** The campaign's transcripts, by question and collaborator, or the answers saying some words. */
export function LibraryPanel({ campaignId, onAdd }: Props) {
  const [filter, setFilter] = useState<LibraryFilter>(NO_FILTER);
  const [text, setText] = useState('');
  const [searched, setSearched] = useState('');
  const questions = useCampaignQuestions(campaignId);
  const collaborators = useCampaignCollaborators(campaignId);
  const library = useLibrary(campaignId, filter);
  const items = library.data?.pages.flatMap((p) => p.items) ?? [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearched(text.trim());
  };

  return (
    <section aria-labelledby="library-heading" className="space-y-4">
      <h2 id="library-heading" className="text-lg font-semibold">
        Library
      </h2>
      <form role="search" aria-label="Find words said" onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <Input label="Find words said" type="search" value={text} onChange={(e) => setText(e.target.value)} maxLength={200} placeholder="e.g. volunteers" />
        </div>
        <Button type="submit">Find</Button>
        {searched && (
          <Button
            variant="secondary"
            onClick={() => {
              setText('');
              setSearched('');
            }}
          >
            Clear search
          </Button>
        )}
      </form>
      {searched ? (
        <SearchResults campaignId={campaignId} text={searched} onAdd={onAdd} />
      ) : (
        <>
          <div className="grid gap-3 sm:grid-cols-2">
            <Select
              label="Question"
              value={filter.questionId}
              onChange={(e) => setFilter((f) => ({ ...f, questionId: e.target.value }))}
              placeholder="All questions"
              options={(questions.data ?? []).map((q) => ({ value: q.campaignQuestionId, label: q.question }))}
            />
            <Select
              label="Collaborator"
              value={filter.contributorId}
              onChange={(e) => setFilter((f) => ({ ...f, contributorId: e.target.value }))}
              placeholder="All collaborators"
              options={(collaborators.data?.people ?? []).map((c) => ({ value: c.contributorId, label: c.fullName || c.email }))}
            />
          </div>
          {collaborators.hasNextPage && (
            <Button size="sm" variant="ghost" loading={collaborators.isFetchingNextPage} onClick={() => void collaborators.fetchNextPage()}>
              List more collaborators
            </Button>
          )}
          {library.error && <p role="alert" className="text-sm text-danger">{library.error.message}</p>}
          {library.isPending ? (
            <Spinner />
          ) : items.length === 0 && !library.hasNextPage ? (
            <p className="text-sm text-muted">No transcribed answer{filter.questionId || filter.contributorId ? ' matches these filters' : ' in this campaign yet'}.</p>
          ) : (
            <ul aria-label="Transcribed answers" aria-busy={library.isFetching} className="space-y-3">
              {items.map((answer) => (
                <li key={`${answer.contributorId}/${answer.questionId}`}>
                  <LibraryAnswerCard answer={answer} onAdd={onAdd} />
                </li>
              ))}
            </ul>
          )}
          {library.hasNextPage && (
            <Button variant="secondary" size="sm" loading={library.isFetchingNextPage} onClick={() => void library.fetchNextPage()}>
              Load more
            </Button>
          )}
        </>
      )}
    </section>
  );
}
