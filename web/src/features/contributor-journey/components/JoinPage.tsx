import { useEffect, useState, type FormEvent } from 'react';
import { useParams } from '../app/router';
import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Field';
import { Spinner } from '@/components/ui/Spinner';
import { ApiError, errorMessageOf } from '@/lib/api/errors';
import { EMAIL_MESSAGES, emailError, normaliseEmail } from '@/lib/validation/rules';
import { fetchOpenCampaign, registerForOpenCampaign } from '../api/contributor-api';
import type { OpenCampaign } from '../types';
import { t } from '../i18n/i18n';
import { contributorNameError } from '../lib/name-error';
import { ContributorFrame, Notice } from './ContributorFrame';

/** The page's words in its language (read when shown). */
export const JOIN_TEXT = {
  get notAvailable() {
    return t('join.notAvailable');
  },
  get notAvailableHelp() {
    return t('join.notAvailableHelp');
  },
  get loadFailed() {
    return t('join.loadFailed');
  },
  get retry() {
    return t('common.tryAgain');
  },
  get heading() {
    return t('join.heading');
  },
  get intro() {
    return t('join.intro');
  },
  get submit() {
    return t('join.submit');
  },
  get sentTitle() {
    return t('join.sentTitle');
  },
  get sentHelp() {
    return t('join.sentHelp');
  },
};

/** The shared e-mail rule (the API's), in the page's language. */
function contributorEmailError(raw: string): string | null {
  const english = emailError(raw, EMAIL_MESSAGES.required);
  if (!english) return null;
  return english === EMAIL_MESSAGES.required ? t('join.emailRequired') : t('join.emailInvalid');
}

type Load = { state: 'loading' } | { state: 'ready'; campaign: OpenCampaign } | { state: 'missing' } | { state: 'failed' };

/**
 * The sign-up page of an open, public campaign: what a poster's QR code opens. A visitor leaves their
 * name and address and receives their personal link by e-mail (never on screen, so nobody opens
 * someone else's answers by typing their address).
 */
export function JoinPage() {
  const { tenantId = '', campaignId = '' } = useParams();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setLoad({ state: 'loading' });
    fetchOpenCampaign(tenantId, campaignId, { toast: false, signal: controller.signal, cache: 'no-store' })
      .then((campaign) => setLoad({ state: 'ready', campaign }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        const status = error instanceof ApiError ? error.status : 0;
        setLoad(status === 404 || status === 400 ? { state: 'missing' } : { state: 'failed' });
      });
    return () => controller.abort();
  }, [tenantId, campaignId, attempt]);

  if (load.state === 'loading') {
    return (
      <ContributorFrame>
        <div className="flex justify-center py-16">
          <Spinner className="h-8 w-8 text-primary" label={t('common.loading')} />
        </div>
      </ContributorFrame>
    );
  }
  if (load.state === 'missing') {
    return (
      <Notice title={JOIN_TEXT.notAvailable} testId="join-unavailable">
        <p>{JOIN_TEXT.notAvailableHelp}</p>
      </Notice>
    );
  }
  if (load.state === 'failed') {
    return (
      <Notice title={JOIN_TEXT.loadFailed}>
        <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
          {JOIN_TEXT.retry}
        </Button>
      </Notice>
    );
  }
  return <SignUpForm tenantId={tenantId} campaignId={campaignId} campaign={load.campaign} />;
}

type Errors = { firstName?: string | null; lastName?: string | null; email?: string | null };

function SignUpForm({ tenantId, campaignId, campaign }: { tenantId: string; campaignId: string; campaign: OpenCampaign }) {
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found: Errors = {
      firstName: contributorNameError('First name', firstName),
      lastName: contributorNameError('Last name', lastName),
      email: contributorEmailError(email),
    };
    setErrors(found);
    if (found.firstName || found.lastName || found.email) return;
    setSending(true);
    setFailure(null);
    try {
      const answer = await registerForOpenCampaign(tenantId, campaignId, {
        firstName: firstName.trim(),
        lastName: lastName.trim(),
        email: normaliseEmail(email),
      });
      setSent(answer.message);
    } catch (error) {
      setFailure(errorMessageOf(error));
    } finally {
      setSending(false);
    }
  }

  const description = campaign.description.trim();
  return (
    <ContributorFrame company={campaign.companyName}>
      <article className="space-y-6">
        <header className="space-y-2">
          <p className="text-sm font-medium text-primary">{JOIN_TEXT.heading}</p>
          <h1 className="text-2xl font-semibold">{campaign.title}</h1>
          {description && <p className="whitespace-pre-line text-muted">{description}</p>}
          <p className="text-sm text-muted">
            {t('landing.questionCount', { count: campaign.questionCount })}
            {campaign.estimatedMinutes > 0 && t('join.aboutMinutes', { count: campaign.estimatedMinutes })}
          </p>
        </header>
        {sent ? (
          <section role="status" data-testid="join-sent" className="space-y-2 rounded-xl border border-line bg-raised p-4">
            <h2 className="text-lg font-semibold">{JOIN_TEXT.sentTitle}</h2>
            <p>{sent}</p>
            <p className="text-sm text-muted">{JOIN_TEXT.sentHelp}</p>
          </section>
        ) : (
          <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4 rounded-xl border border-line bg-raised p-4">
            <p className="text-sm">{JOIN_TEXT.intro}</p>
            <div className="grid gap-4 sm:grid-cols-2">
              <Input label={t('landing.firstName')} value={firstName} autoComplete="given-name" error={errors.firstName ?? undefined} onChange={(e) => setFirstName(e.target.value)} />
              <Input label={t('landing.lastName')} value={lastName} autoComplete="family-name" error={errors.lastName ?? undefined} onChange={(e) => setLastName(e.target.value)} />
            </div>
            <Input label={t('join.email')} type="email" value={email} autoComplete="email" error={errors.email ?? undefined} onChange={(e) => setEmail(e.target.value)} />
            {failure && (
              <p role="alert" className="text-sm font-medium text-danger">
                {failure}
              </p>
            )}
            <Button type="submit" size="lg" fullWidth loading={sending} loadingLabel={t('common.pleaseWait')}>
              {JOIN_TEXT.submit}
            </Button>
          </form>
        )}
      </article>
    </ContributorFrame>
  );
}
