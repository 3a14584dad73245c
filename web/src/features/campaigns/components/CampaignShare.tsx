import { useEffect, useId, useState } from 'react';
import { Card } from '@/components/layouts/PageHeader';
import { Button } from '@/components/ui/Button';
import { CopyField } from '@/components/ui/CopyField';
import { buildPath, paths } from '@/config/paths';
import { toast } from '@/stores/toast-store';
import { saveBlob } from '@/utils/save-blob';
import { posterFileName, posterPdf, posterPng, qrSvgDataUrl } from '../lib/poster';
import type { Campaign } from '../types';

export const SHARE_TEXT = {
  title: 'Share the campaign',
  intro: 'Anyone with this link can sign up with their name and e-mail and record. Print the poster for a noticeboard or a reception desk.',
  notLive: 'The link works once the campaign is published.',
  qrAlt: "QR code of the campaign's link",
  png: 'Download poster (PNG)',
  pdf: 'Download poster (PDF)',
  failed: 'The poster could not be made in this browser.',
} as const;

/** The link people open to sign up for an open, public campaign. */
export function openCampaignLink(origin: string, tenantId: string, campaignId: string): string {
  return `${origin}${buildPath(paths.contributorJoin, { tenantId, campaignId })}`;
}

/** Whether people can sign up by themselves: an open campaign that is public (spec section 5). */
export function takesSignUps(campaign: Pick<Campaign, 'type' | 'visibility'>): boolean {
  return campaign.type === 'evergreen' && campaign.visibility === 'public';
}

/** An open campaign's link, its QR code and a printable poster (PNG and PDF), all made in the browser. */
export function CampaignShare({ campaign, tenantId }: { campaign: Campaign; tenantId: string }) {
  const headingId = useId();
  const link = openCampaignLink(window.location.origin, tenantId, campaign.id);
  const [qr, setQr] = useState<string | null>(null);
  const [making, setMaking] = useState<'png' | 'pdf' | null>(null);

  useEffect(() => {
    let current = true;
    void qrSvgDataUrl(link).then((url) => current && setQr(url));
    return () => {
      current = false;
    };
  }, [link]);

  const download = async (kind: 'png' | 'pdf') => {
    setMaking(kind);
    try {
      const blob = kind === 'png' ? await posterPng(campaign.title, link) : await posterPdf(campaign.title, link);
      saveBlob(blob, posterFileName(campaign.title, kind));
    } catch {
      toast.error(SHARE_TEXT.failed);
    } finally {
      setMaking(null);
    }
  };

  return (
    <Card>
      <section aria-labelledby={headingId} className="space-y-4" data-testid="campaign-share">
        <h2 id={headingId} className="text-lg font-semibold">
          {SHARE_TEXT.title}
        </h2>
        <p className="text-sm text-muted">{SHARE_TEXT.intro}</p>
        {campaign.status !== 'live' && (
          <p className="rounded-lg bg-warning/15 px-3 py-2 text-sm text-warning">{SHARE_TEXT.notLive}</p>
        )}
        <div className="flex flex-col gap-6 sm:flex-row sm:items-start">
          <div className="h-44 w-44 shrink-0 rounded-lg border border-line bg-white p-2">
            {qr && <img src={qr} alt={SHARE_TEXT.qrAlt} className="h-full w-full" data-testid="campaign-qr" />}
          </div>
          <div className="min-w-0 flex-1 space-y-4">
            <CopyField label="Sign-up link" value={link} what="Link" />
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" loading={making === 'png'} disabled={making !== null} onClick={() => void download('png')}>
                {SHARE_TEXT.png}
              </Button>
              <Button variant="secondary" loading={making === 'pdf'} disabled={making !== null} onClick={() => void download('pdf')}>
                {SHARE_TEXT.pdf}
              </Button>
            </div>
          </div>
        </div>
      </section>
    </Card>
  );
}
