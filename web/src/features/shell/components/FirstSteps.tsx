import { useId } from 'react';
import { Link } from 'react-router';
import { Card } from '@/components/layouts/PageHeader';
import { canOpen, ACCESS, type StaffRole } from '@/config/access';
import { paths, type AppPath } from '@/config/paths';
import { cn } from '@/utils/cn';
import type { DashboardDetails } from '../api/dashboard-api';

export const FIRST_STEPS_TITLE = 'Next steps';

type Step = { key: keyof DashboardDetails['firstSteps']; title: string; detail: string; to: AppPath; action: string };

const STEPS: Step[] = [
  {
    key: 'companySetUp',
    title: 'Set up your company',
    detail: 'Your details, the company name, logo and terms collaborators accept.',
    to: paths.userSetup,
    action: 'Start set-up',
  },
  {
    key: 'initiativeCreated',
    title: 'Create your first initiative',
    detail: 'Initiatives group campaigns, for example by programme or by year.',
    to: paths.campaignCreate,
    action: 'Create an initiative',
  },
  {
    key: 'campaignCreated',
    title: 'Create your first campaign',
    detail: 'A campaign is a set of questions with a brief and a script for the teleprompter.',
    to: paths.campaignCreate,
    action: 'Create a campaign',
  },
  {
    key: 'collaboratorInvited',
    title: 'Invite your first collaborator',
    detail: 'Open a campaign and invite people by e-mail: each gets a personal link to record.',
    to: paths.campaigns,
    action: 'Go to campaigns',
  },
];

/**
 * A new organisation's first steps (issue 28), until each is done: set-up (for the super admin,
 * the only one who may), a first initiative, campaign and invitation. Nothing shows once all are done.
 */
export function FirstSteps({ steps, role }: { steps: DashboardDetails['firstSteps']; role: StaffRole }) {
  const headingId = useId();
  const shown = STEPS.filter((s) => canOpen(ACCESS[s.to], { kind: 'staff', role }));
  const done = shown.filter((s) => steps[s.key]).length;
  if (done === shown.length) return null;
  const next = shown.find((s) => !steps[s.key]);
  return (
    <Card>
      <section aria-labelledby={headingId} className="space-y-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id={headingId} className="text-lg font-semibold">
            {FIRST_STEPS_TITLE}
          </h2>
          <p className="text-sm text-muted">
            {done} of {shown.length} done
          </p>
        </div>
        <ol className="space-y-3">
          {shown.map((step, index) => {
            const complete = steps[step.key];
            return (
              <li key={step.key} className="flex items-start gap-3" data-done={complete || undefined}>
                <span
                  aria-hidden
                  className={cn(
                    'mt-0.5 flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-sm font-semibold',
                    complete ? 'bg-success text-white dark:text-surface' : 'border border-line text-muted',
                  )}
                >
                  {complete ? '✓' : index + 1}
                </span>
                <div className="min-w-0 flex-1">
                  <p className={cn('font-medium', complete && 'text-muted line-through')}>
                    {step.title}
                    <span className="sr-only">{complete ? ' (done)' : ' (to do)'}</span>
                  </p>
                  {!complete && <p className="text-sm text-muted">{step.detail}</p>}
                </div>
                {!complete && step === next && (
                  <Link
                    to={step.to}
                    className="inline-flex h-10 shrink-0 items-center rounded-lg bg-primary px-4 text-sm font-medium text-primary-fg hover:bg-primary-hover focus:outline-2 focus:outline-offset-2 focus:outline-ring"
                  >
                    {step.action}
                  </Link>
                )}
              </li>
            );
          })}
        </ol>
      </section>
    </Card>
  );
}
