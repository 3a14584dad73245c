import { useEffect, useRef, useState } from 'react';
import { useNavigate, useNavigation, useSearchParams } from 'react-router';
import { PageHeader, Card } from '@/components/layouts/PageHeader';
import { Button } from '@/components/ui/Button';
import { CampaignStatusBadge } from '@/components/ui/CampaignStatusBadge';
import { Input, Select } from '@/components/ui/Field';
import { Spinner } from '@/components/ui/Spinner';
import { buildPath, paths } from '@/config/paths';
import { formatDate, NO_DATE } from '@/lib/format';
import { useCampaignList } from '../api/campaigns-api';
import {
  pageCount,
  parseListState,
  SORT_OPTIONS,
  STATUS_OPTIONS,
  toSearchParams,
  updateListState,
  type ListState,
} from '../lib/list-query';
import type { CampaignStatus, CampaignSort } from '../types';
import { InitiativeNameDialog } from './InitiativeDialogs';

export const NO_RESULT = 'No result found';
export const NO_INITIATIVE = 'No campaigns yet. Create an initiative first, then add campaigns to it.';
export const NO_CAMPAIGNS = 'No campaigns yet. Create your first campaign to start collecting stories.';

function EmptyState({ message, action }: { message: string; action?: React.ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-4 py-14 text-center">
      <p className="max-w-md text-sm text-muted">{message}</p>
      {action}
    </div>
  );
}

export function CampaignList() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const state = parseListState(params);
  const list = useCampaignList(state);
  const [searchText, setSearchText] = useState(state.search);
  const [creatingInitiative, setCreatingInitiative] = useState(false);

  const change = (patch: Partial<ListState>) => setParams(toSearchParams(updateListState(state, patch)));
  // Whether the router is leaving for another screen (its code may still be loading).
  const navigation = useNavigation();
  const leaving = useRef(false);
  leaving.current = navigation.state !== 'idle' && navigation.location?.pathname !== paths.campaigns;

  // Search as you type, 300 ms after the last key. A search still pending when a campaign is
  // opened is dropped: applying it would replace that navigation and keep the user on the list.
  useEffect(() => {
    if (searchText.trim() === state.search) return;
    const timer = setTimeout(() => {
      if (!leaving.current) change({ search: searchText });
    }, 300);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [searchText]);

  const data = list.data;
  const counts = data?.counts;
  const filtered = state.status !== null || state.search !== '';
  const open = (id: string) => navigate(buildPath(paths.campaignEdit, { id }));
  const pages = pageCount(data?.total ?? 0, data?.pageSize);

  let body: React.ReactNode;
  if (list.isPending) {
    body = (
      <div className="flex justify-center py-14">
        <Spinner className="h-6 w-6" />
      </div>
    );
  } else if (list.isError || !data) {
    body = <EmptyState message="The campaigns could not be loaded." action={<Button variant="secondary" onClick={() => void list.refetch()}>Try again</Button>} />;
  } else if (!data.hasInitiatives) {
    body = (
      <EmptyState
        message={NO_INITIATIVE}
        action={<Button onClick={() => setCreatingInitiative(true)}>Create initiative</Button>}
      />
    );
  } else if (data.items.length === 0 && (filtered || data.counts.all > 0)) {
    body = <EmptyState message={NO_RESULT} />;
  } else if (data.items.length === 0) {
    body = (
      <EmptyState
        message={NO_CAMPAIGNS}
        action={<Button onClick={() => navigate(paths.campaignCreate)}>Create campaign</Button>}
      />
    );
  } else {
    body = (
      <div className="overflow-x-auto">
        <table className="sh-stacked-table w-full text-left text-sm">
          <thead className="border-b border-line text-xs uppercase tracking-wide text-muted">
            <tr>
              <th scope="col" className="px-4 py-3 font-medium">Name</th>
              <th scope="col" className="px-4 py-3 font-medium">Videos</th>
              <th scope="col" className="px-4 py-3 font-medium">Status</th>
              <th scope="col" className="px-4 py-3 font-medium">Expires</th>
              <th scope="col" className="px-4 py-3 font-medium">Created</th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((c) => (
              <tr
                key={c.id}
                onClick={() => open(c.id)}
                className="cursor-pointer border-b border-line last:border-0 hover:bg-sunken"
              >
                <td className="px-4 py-3 wrap-anywhere sm:min-w-48">
                  <a
                    href={buildPath(paths.campaignEdit, { id: c.id })}
                    onClick={(e) => {
                      e.preventDefault();
                      e.stopPropagation();
                      open(c.id);
                    }}
                    className="font-medium hover:underline"
                  >
                    {c.title}
                  </a>
                  <p className="text-xs text-muted">{c.initiativeName}</p>
                </td>
                <td data-label="Videos" className="px-4 py-3 tabular-nums">{c.videoCount}</td>
                <td data-label="Status" className="px-4 py-3">
                  <CampaignStatusBadge status={c.status} />
                </td>
                <td data-label="Expires" className="px-4 py-3">{c.type === 'evergreen' && !c.expiryDate ? 'Open' : (formatDate(c.expiryDate) ?? NO_DATE)}</td>
                <td data-label="Created" className="px-4 py-3">{formatDate(c.createdAt) ?? NO_DATE}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  const countOf = (key: 'all' | CampaignStatus) => (counts ? ` (${counts[key]})` : '');

  return (
    <>
      <PageHeader
        title="Campaigns"
        description="Every campaign of your organisation, by initiative."
        actions={<Button onClick={() => navigate(paths.campaignCreate)}>Create campaign</Button>}
      />
      <Card className="p-0">
        <div className="grid gap-3 border-b border-line p-4 sm:grid-cols-3">
          <Input
            label="Search"
            type="search"
            placeholder="Search campaigns"
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
          />
          <Select
            label="Status"
            value={state.status ?? ''}
            onChange={(e) => change({ status: (e.target.value || null) as CampaignStatus | null })}
            options={[
              { value: '', label: `All${countOf('all')}` },
              ...STATUS_OPTIONS.map((o) => ({ value: o.value, label: `${o.label}${countOf(o.value)}` })),
            ]}
          />
          <Select
            label="Sort by"
            value={state.sort}
            onChange={(e) => change({ sort: e.target.value as CampaignSort })}
            options={SORT_OPTIONS}
          />
        </div>
        <div aria-busy={list.isFetching || undefined}>{body}</div>
        {data && data.total > 0 && (
          <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3 border-t border-line px-4 py-3 text-sm">
            <span className="text-muted">
              Page {state.page} of {pages} · {data.total} campaign{data.total === 1 ? '' : 's'}
            </span>
            {/* The buttons keep their words whole; the page count beside them wraps first. */}
            <div className="flex shrink-0 gap-2">
              <Button variant="secondary" size="sm" disabled={state.page <= 1} onClick={() => change({ page: state.page - 1 })}>
                Previous
              </Button>
              <Button variant="secondary" size="sm" disabled={state.page >= pages} onClick={() => change({ page: state.page + 1 })}>
                Next
              </Button>
            </div>
          </nav>
        )}
      </Card>
      <InitiativeNameDialog
        open={creatingInitiative}
        onClose={() => setCreatingInitiative(false)}
        onDone={(initiative) => navigate(`${paths.campaignCreate}?initiativeId=${encodeURIComponent(initiative.id)}`)}
      />
    </>
  );
}
