import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Campaign } from '../types';
import { posterFileName } from '../lib/poster';
import { CampaignShare, openCampaignLink, SHARE_TEXT, takesSignUps } from './CampaignShare';

const campaign = (over: Partial<Campaign> = {}) =>
  ({ id: 'c1', title: 'Spring stories', type: 'evergreen', visibility: 'public', status: 'live', ...over }) as Campaign;

describe('sharing an open campaign', () => {
  it('is offered only where people can sign up by themselves: open and public', () => {
    expect(takesSignUps(campaign())).toBe(true);
    expect(takesSignUps(campaign({ type: 'targeted' }))).toBe(false);
    expect(takesSignUps(campaign({ visibility: 'private' }))).toBe(false);
  });

  it("shows the sign-up link, its QR code and the poster's two downloads", async () => {
    render(<CampaignShare campaign={campaign()} tenantId="t1" />);
    const link = openCampaignLink(window.location.origin, 't1', 'c1');
    expect(link).toBe(`${window.location.origin}/join/t1/c1`);
    expect(screen.getByRole('textbox', { name: 'Sign-up link' })).toHaveValue(link);
    const qr = await screen.findByRole('img', { name: SHARE_TEXT.qrAlt });
    // The code is drawn by qrcode as SVG.
    expect(decodeURIComponent(qr.getAttribute('src')!)).toMatch(/^data:image\/svg\+xml;charset=utf-8,<svg/);
    expect(screen.getByRole('button', { name: SHARE_TEXT.png })).toBeEnabled();
    expect(screen.getByRole('button', { name: SHARE_TEXT.pdf })).toBeEnabled();
    expect(screen.queryByText(SHARE_TEXT.notLive)).not.toBeInTheDocument();
  });

  it('says the link works once the campaign is published while it is a draft', () => {
    render(<CampaignShare campaign={campaign({ status: 'draft' })} tenantId="t1" />);
    expect(screen.getByText(SHARE_TEXT.notLive)).toBeInTheDocument();
  });

  it('names the poster after the campaign', () => {
    expect(posterFileName('Spring stories: “Our Harbour” 2026!', 'png')).toBe('spring-stories-our-harbour-2026-poster.png');
    expect(posterFileName('مرحبا', 'pdf')).toBe('مرحبا-poster.pdf');
    expect(posterFileName('!!!', 'pdf')).toBe('campaign-poster.pdf');
  });
});
