import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CollaboratorFunnel } from '@/components/charts/CollaboratorFunnel';
import { PageHeader, Card } from '@/components/layouts/PageHeader';
import { Button } from '@/components/ui/Button';
import { CampaignStatusBadge } from '@/components/ui/CampaignStatusBadge';
import { Spinner } from '@/components/ui/Spinner';
import { buildPath, paths } from '@/config/paths';
import type { CurrentUser } from '@/types/api';
import { roleOf } from '@/lib/auth';
import { formatDate } from '@/lib/format';
import { cn } from '@/utils/cn';
import { useDashboardDetails, type DashboardDetails } from '../api/dashboard-api';
import { formatCount, formatHours, plural } from '../lib/format';
import { FirstSteps } from './FirstSteps';

export const DASHBOARD_EMPTY = 'Campaign figures appear here once your organisation has campaigns';

export const DASHBOARD_TEXT = {
  loadFailed: 'The dashboard figures could not be loaded.',
  onlyMine: 'Only my campaigns',
  totalsNote: 'Totals cover every campaign of your organisation.',
  funnel: 'Collaborators, from invitation to submission',
  hours: 'Hours of video submitted',
  pending: 'Pending video responses',
  reviewPending: 'Review new answers',
  devices: 'Videos by device type',
  noDevices: 'No videos submitted yet',
  expiring: 'Expiring in the next 7 days',
  noneExpiring: 'No live campaign expires in the next 7 days',
  noneOfMineExpiring: 'None of your live campaigns expires in the next 7 days',
  perCampaign: 'Videos per campaign',
  published: 'Published stories',
  publishedHint: 'Counted without cookies; no one is tracked',
  seePublished: 'See what is published',
  noneOfMine: 'You take part in no campaigns yet',
} as const;

/** Campaigns shown in "Videos per campaign" before "Show all". */
export const CAMPAIGNS_SHOWN = 10;

type CampaignRow = DashboardDetails['campaignAndVideo'][number];
type ExpiringRow = DashboardDetails['expiringIn7Days'][number];

const campaignPath = (id: string) => buildPath(paths.campaignEdit, { id });

export function Dashboard({ user }: { user: CurrentUser }) {
  const name = user.firstName?.trim() || user.email;
  const [personal, setPersonal] = useState(false);
  // The organisation's figures decide whether there is anything to show at all; the personal
  // ones are fetched only while "Only my campaigns" is on.
  const organisation = useDashboardDetails(false);
  const mine = useDashboardDetails(true, personal);
  const lists = personal ? mine : organisation;
  const hasCampaigns = !!organisation.data && organisation.data.campaignAndVideo.length > 0;
  const role = roleOf(user);

  return (
    <>
      <PageHeader
        title={`Welcome, ${name}`}
        description={user.companyName ? `${user.companyName} on Storyhive` : 'Your organisation on Storyhive'}
        actions={hasCampaigns ? <OnlyMineSwitch checked={personal} onChange={setPersonal} /> : undefined}
      />
      {organisation.isPending ? (
        <Card className="flex justify-center py-14">
          <Spinner className="h-6 w-6 text-muted" label="Loading dashboard" />
        </Card>
      ) : organisation.isError ? (
        <LoadFailed onRetry={() => void organisation.refetch()} retrying={organisation.isFetching} />
      ) : !hasCampaigns ? (
        <div className="space-y-6">
          {role && organisation.data.firstSteps && <FirstSteps steps={organisation.data.firstSteps} role={role} />}
          <EmptyDashboard />
        </div>
      ) : (
        <div className="space-y-6">
          {role && organisation.data.firstSteps && <FirstSteps steps={organisation.data.firstSteps} role={role} />}
          <Totals details={organisation.data} />
          <ListCard title={DASHBOARD_TEXT.funnel}>
            <CollaboratorFunnel funnel={organisation.data.collaboratorFunnel} testId="organisation-funnel" />
          </ListCard>
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
            <ListCard title={DASHBOARD_TEXT.expiring}>
              <ListBody query={lists}>
                {(details) => <ExpiringList rows={details.expiringIn7Days} personal={personal} />}
              </ListBody>
            </ListCard>
            <ListCard title={DASHBOARD_TEXT.perCampaign}>
              <ListBody query={lists}>
                {(details) => <CampaignVideoList rows={details.campaignAndVideo} personal={personal} />}
              </ListBody>
            </ListCard>
          </div>
        </div>
      )}
    </>
  );
}

function EmptyDashboard() {
  return (
    <Card className="flex flex-col items-center gap-3 py-14 text-center">
      <svg viewBox="0 0 48 48" className="h-12 w-12 text-muted" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
        <rect x="6" y="10" width="36" height="28" rx="4" />
        <path d="M20 19l10 5-10 5z" />
      </svg>
      <p className="max-w-md text-sm text-muted">{DASHBOARD_EMPTY}</p>
    </Card>
  );
}

function LoadFailed({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 py-6 text-center">
      <p className="text-sm text-muted">{DASHBOARD_TEXT.loadFailed}</p>
      <Button variant="secondary" size="sm" onClick={onRetry} loading={retrying}>
        Try again
      </Button>
    </div>
  );
}

function OnlyMineSwitch({ checked, onChange }: { checked: boolean; onChange: (value: boolean) => void }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      onClick={() => onChange(!checked)}
      className={cn(
        'inline-flex select-none items-center gap-3 rounded-lg px-2 py-1 text-sm font-medium hover:bg-sunken',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
      )}
    >
      <span
        aria-hidden
        className={cn(
          'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border border-line transition-colors',
          checked ? 'bg-primary' : 'bg-sunken',
        )}
      >
        <span
          className={cn(
            'inline-block h-4 w-4 rounded-full bg-raised shadow transition-transform',
            checked ? 'translate-x-6' : 'translate-x-1',
          )}
        />
      </span>
      {DASHBOARD_TEXT.onlyMine}
    </button>
  );
}

function Totals({ details }: { details: DashboardDetails }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          Organisation totals
        </h2>
        <p className="text-xs text-muted">{DASHBOARD_TEXT.totalsNote}</p>
      </div>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-4">
        <StatCard label={DASHBOARD_TEXT.hours} hint="Stored video, to two decimals">
          <p className="text-3xl font-semibold tabular-nums">{formatHours(details.hoursOfVideoSubmitted)}</p>
        </StatCard>
        <StatCard label={DASHBOARD_TEXT.pending} hint="Stored answers no one has reviewed yet">
          <p className="text-3xl font-semibold tabular-nums">{formatCount(details.pendingVideoResponses)}</p>
          {details.pendingVideoResponses > 0 && (
            <Link to={`${paths.responses}?status=new`} className="text-sm font-medium text-primary underline-offset-2 hover:underline">
              {DASHBOARD_TEXT.reviewPending}
            </Link>
          )}
        </StatCard>
        <StatCard label={DASHBOARD_TEXT.devices}>
          <DeviceBars devices={details.deviceType} />
        </StatCard>
        <StatCard label={DASHBOARD_TEXT.published} hint={DASHBOARD_TEXT.publishedHint}>
          <PublishedFigures totals={details.publishedStories} />
        </StatCard>
      </div>
    </section>
  );
}

function StatCard({ label, hint, children }: { label: string; hint?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2 rounded-xl border border-line bg-raised p-5">
      <h3 id={id} className="text-sm font-medium text-muted">
        {label}
      </h3>
      {children}
      {hint && <p className="mt-auto text-xs text-muted">{hint}</p>}
    </section>
  );
}

/** How the organisation's published stories were watched (the Published screen has them per item). */
function PublishedFigures({ totals }: { totals: DashboardDetails['publishedStories'] }) {
  const rows: [string, number][] = [
    ['Page views', totals.views],
    ['Embed loads', totals.embedLoads],
    ['Plays', totals.plays],
    ['Watched to the end', totals.watchedToTheEnd],
  ];
  return (
    <>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm" data-testid="published-totals">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs text-muted">{label}</dt>
            <dd className="text-lg font-semibold tabular-nums">{formatCount(value)}</dd>
          </div>
        ))}
      </dl>
      <Link to={paths.publications} className="text-sm font-medium text-primary underline-offset-2 hover:underline">
        {DASHBOARD_TEXT.seePublished}
      </Link>
    </>
  );
}

function DeviceBars({ devices }: { devices: DashboardDetails['deviceType'] }) {
  const rows = devices.filter((d) => d.count > 0);
  const total = rows.reduce((sum, d) => sum + d.count, 0);
  if (total === 0) return <p className="text-sm text-muted">{DASHBOARD_TEXT.noDevices}</p>;
  const max = Math.max(...rows.map((d) => d.count));
  return (
    <ul className="space-y-2" data-testid="device-bars">
      {rows.map((d) => {
        const share = Math.round((d.count / total) * 100);
        return (
          <li key={d.deviceType} className="space-y-1">
            <div className="flex justify-between gap-2 text-sm">
              <span>{d.deviceType}</span>
              <span className="tabular-nums text-muted">
                {plural(d.count, 'video', 'videos')}
                <span className="sr-only">, {share}% of all videos</span>
              </span>
            </div>
            <div aria-hidden className="h-2 overflow-hidden rounded-full bg-sunken">
              <div className="h-full rounded-full bg-primary" style={{ width: `${(d.count / max) * 100}%` }} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function ListCard({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-xl border border-line bg-raised p-5">
      <h2 id={id} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

type ListQuery = ReturnType<typeof useDashboardDetails>;

function ListBody({ query, children }: { query: ListQuery; children: (details: DashboardDetails) => ReactNode }) {
  if (query.isPending) {
    return (
      <div className="flex justify-center py-6">
        <Spinner className="h-5 w-5 text-muted" />
      </div>
    );
  }
  if (query.isError) return <LoadFailed onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  return <>{children(query.data)}</>;
}

function ExpiringList({ rows, personal }: { rows: ExpiringRow[]; personal: boolean }) {
  if (rows.length === 0) {
    return (
      <p className="text-sm text-muted">{personal ? DASHBOARD_TEXT.noneOfMineExpiring : DASHBOARD_TEXT.noneExpiring}</p>
    );
  }
  return (
    <ul className="divide-y divide-line" data-testid="expiring-list">
      {rows.map((c) => {
        const expires = formatDate(c.expiryDate);
        return (
          <li key={c.id} className="flex items-center justify-between gap-3 py-2">
            <div className="min-w-0">
              <Link to={campaignPath(c.id)} className="block truncate font-medium text-primary hover:underline">
                {c.title}
              </Link>
              {c.initiativeName && <p className="truncate text-xs text-muted">{c.initiativeName}</p>}
            </div>
            <div className="shrink-0 text-right text-sm">
              {expires && <p>Expires {expires}</p>}
              <p className="text-xs text-muted">{plural(c.videoCount, 'video', 'videos')}</p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function CampaignVideoList({ rows, personal }: { rows: CampaignRow[]; personal: boolean }) {
  const [showAll, setShowAll] = useState(false);
  if (rows.length === 0) return <p className="text-sm text-muted">{personal ? DASHBOARD_TEXT.noneOfMine : DASHBOARD_EMPTY}</p>;
  const shown = showAll ? rows : rows.slice(0, CAMPAIGNS_SHOWN);
  return (
    <>
      <ul className="divide-y divide-line" data-testid="campaign-videos">
        {shown.map((c) => (
          <li key={c.campaignId} className="flex items-center justify-between gap-3 py-2">
            <Link to={campaignPath(c.campaignId)} className="min-w-0 truncate font-medium text-primary hover:underline">
              {c.title}
            </Link>
            <div className="flex shrink-0 items-center gap-3 text-sm">
              <CampaignStatusBadge status={c.status} />
              <span className="w-20 text-right tabular-nums">{plural(c.videoCount, 'video', 'videos')}</span>
            </div>
          </li>
        ))}
      </ul>
      {rows.length > CAMPAIGNS_SHOWN && (
        <Button variant="ghost" size="sm" className="mt-2" onClick={() => setShowAll((v) => !v)}>
          {showAll ? 'Show fewer' : `Show all ${formatCount(rows.length)} campaigns`}
        </Button>
      )}
    </>
  );
}
