import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Card } from '@/components/layouts/PageHeader';
import { Button } from '@/components/ui/Button';
import { Input, Select } from '@/components/ui/Field';
import { Spinner } from '@/components/ui/Spinner';
import { formatDate, NO_DATE } from '@/lib/format';
import { useSearchInitialData, useVideoSearch, type SearchResult } from '../api/search-api';
import { editorLink, emptyForm, filterBody, formatDuration, STATUS_OPTIONS, type SearchForm } from '../lib/search';

export const NO_RESULT = 'No result found';

/** The words said around the match, the matched word emphasised. */
function Snippet({ snippet }: { snippet: NonNullable<NonNullable<SearchResult['match']>['snippet']> }) {
  return (
    <p className="text-sm text-muted" data-testid="snippet">
      “{snippet.before && `${snippet.before} `}
      <mark className="rounded bg-accent/20 px-0.5 font-semibold text-fg">{snippet.word}</mark>
      {snippet.after && ` ${snippet.after}`}”
    </p>
  );
}

function ResultCard({ result }: { result: SearchResult }) {
  const duration = formatDuration(result.durationSeconds);
  const where = result.match
    ? [
        result.match.inTranscript && 'said in the answer',
        result.match.inQuestion && 'in the question',
        result.match.inContributorName && 'in the collaborator’s name',
      ].filter(Boolean)
    : [];
  return (
    <li>
      <Link
        to={editorLink(result)}
        className="flex gap-4 rounded-lg border border-line bg-raised p-3 hover:border-accent focus:outline-2 focus:outline-offset-2 focus:outline-ring"
      >
        <div className="relative h-24 w-40 shrink-0 overflow-hidden rounded-md bg-sunken">
          {result.posterUrl ? (
            <img src={result.posterUrl} alt="" className="h-full w-full object-cover" loading="lazy" />
          ) : (
            <span className="flex h-full items-center justify-center text-xs text-muted">
              {result.mediaStatus === 'failed' ? 'Video failed' : 'Processing'}
            </span>
          )}
          {duration && (
            <span className="absolute bottom-1 right-1 rounded bg-black/70 px-1 text-xs text-white">{duration}</span>
          )}
        </div>
        <div className="min-w-0 space-y-1">
          <h3 className="truncate font-semibold">{result.contributorName || 'Collaborator'}</h3>
          <p className="truncate text-sm">
            <span className="text-muted">Campaign:</span> {result.campaignName}
          </p>
          <p className="truncate text-sm">
            <span className="text-muted">Question:</span> {result.question}
          </p>
          <p className="text-xs text-muted">
            Recorded {formatDate(result.takenAt) ?? NO_DATE}
            {duration && ` · ${duration}`}
            {where.length > 0 && ` · found ${where.join(', ')}`}
          </p>
          {result.match?.snippet && <Snippet snippet={result.match.snippet} />}
        </div>
      </Link>
    </li>
  );
}

/** `/searchVideos`: staff find answers by filters and by words said, asked or named. */
export function SearchVideos() {
  const choices = useSearchInitialData();
  const [form, setForm] = useState<SearchForm>(emptyForm);
  const [submitted, setSubmitted] = useState(() => filterBody(emptyForm));
  const results = useVideoSearch(submitted);
  const items = results.data?.pages.flatMap((p) => p.items) ?? [];

  const set = (name: keyof SearchForm) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [name]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = filterBody(form);
    // The same search again looks again (new answers may have been transcribed since).
    if (JSON.stringify(next) === JSON.stringify(submitted)) void results.refetch();
    else setSubmitted(next);
  };
  const reset = () => {
    setForm(emptyForm);
    setSubmitted(filterBody(emptyForm));
  };
  const data = choices.data;
  const option = (c: { id: string; name: string }) => ({ value: c.id, label: c.name });
  const error = results.error instanceof Error ? results.error.message : null;

  return (
    <div className="space-y-6">
      <Card>
        <form role="search" aria-label="Search videos" onSubmit={submit} className="space-y-4">
          <Input
            label="Words said, asked or named"
            type="search"
            value={form.text}
            onChange={set('text')}
            placeholder="e.g. lighthouse"
            maxLength={200}
          />
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <Select label="Campaign" value={form.campaignId} onChange={set('campaignId')} placeholder="All campaigns"
              options={(data?.campaigns.items ?? []).map(option)} />
            <Select label="Collaborator" value={form.contributorId} onChange={set('contributorId')}
              placeholder="All collaborators" options={(data?.contributors.items ?? []).map(option)} />
            <Select label="Initiative" value={form.initiativeId} onChange={set('initiativeId')}
              placeholder="All initiatives" options={(data?.initiatives ?? []).map(option)} />
            <Select label="Tag" value={form.tagId} onChange={set('tagId')} placeholder="All tags"
              options={(data?.tags ?? []).map(option)} />
            <Select label="Status" value={form.status} onChange={set('status')} placeholder="Any status"
              options={STATUS_OPTIONS} />
            <Input label="Recorded from" type="date" value={form.from} onChange={set('from')} />
            <Input label="Recorded to" type="date" value={form.to} onChange={set('to')} />
          </div>
          <div className="flex gap-2">
            <Button type="submit">Search</Button>
            <Button type="button" variant="secondary" onClick={reset}>
              Clear
            </Button>
          </div>
        </form>
      </Card>
      <section aria-labelledby="search-results-heading" className="space-y-4">
        <h2 id="search-results-heading" className="text-lg font-semibold">
          Results
        </h2>
        {error && (
          <p role="alert" className="text-sm font-medium text-danger">
            {error}
          </p>
        )}
        {results.isPending ? (
          <Spinner />
        ) : items.length === 0 && !results.hasNextPage ? (
          !error && <p className="text-muted">{NO_RESULT}</p>
        ) : (
          <ul aria-label="Search results" className="space-y-3" aria-busy={results.isFetching}>
            {items.map((item) => (
              <ResultCard key={`${item.campaignId}/${item.contributorId}/${item.journeyId}`} result={item} />
            ))}
          </ul>
        )}
        {results.hasNextPage && (
          <Button variant="secondary" loading={results.isFetchingNextPage} onClick={() => void results.fetchNextPage()}>
            Show more results
          </Button>
        )}
      </section>
    </div>
  );
}
