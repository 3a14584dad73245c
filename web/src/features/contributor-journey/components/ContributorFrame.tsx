import type { ReactNode } from 'react';
import { MAIN_ID } from '@/components/a11y/SkipLink';
import { Logo } from '@/components/Logo';
import { t } from '../i18n/i18n';
import { LanguageSwitcher } from '../i18n/LanguageSwitcher';

/** The light page frame of the contributor pages (no staff layout). */
export function ContributorFrame({ children, logo, company }: { children: ReactNode; logo?: string | null; company?: string | null }) {
  return (
    <div className="min-h-dvh bg-surface text-fg">
      <header className="border-b border-line bg-raised">
        <div className="mx-auto flex max-w-3xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          {/* The organisation leads: it is who asks; Storyhive is only the tool. */}
          {logo || company ? (
            <>
              <div data-testid="organisation-brand" className="flex min-w-0 items-center gap-2 font-semibold">
                {logo && <img src={logo} alt={company ? t('frame.companyLogo', { company }) : t('frame.organisationLogo')} className="h-9 w-auto max-w-[10rem] object-contain" />}
                {company && <span className="truncate">{company}</span>}
              </div>
              <span className="flex shrink-0 items-center gap-1 text-xs text-muted">
                {t('frame.via')} <Logo className="h-5" />
              </span>
            </>
          ) : (
            <Logo className="h-7" />
          )}
          <LanguageSwitcher />
        </div>
      </header>
      <main id={MAIN_ID} tabIndex={-1} className="mx-auto max-w-3xl px-4 py-6 outline-none sm:py-10">{children}</main>
    </div>
  );
}

export function Notice({ title, children, testId }: { title: string; children?: ReactNode; testId?: string }) {
  return (
    <ContributorFrame>
      <section data-testid={testId} className="rounded-xl border border-line bg-raised p-6 text-center shadow-sm">
        <h1 className="text-xl font-semibold">{title}</h1>
        {children && <div className="mt-3 space-y-3 text-sm text-muted">{children}</div>}
      </section>
    </ContributorFrame>
  );
}
