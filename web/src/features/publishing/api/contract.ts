/**
 * The staff publishing API's shapes, as the issue 22 contract writes them (`POST /publications`,
 * the lists, walls, consent). They are written here until the API's routes are in openapi.json;
 * then they are taken from the generated types, so that a change of the contract fails the typecheck.
 */

export type Stats = {
  views: number;
  embedLoads: number;
  plays: number;
  progress25: number;
  progress50: number;
  progress75: number;
  progress100: number;
};

export type PublicationStatus = 'live' | 'unpublished' | 'withdrawn' | 'deleted';
export type PublicationKind = 'answer' | 'video';

export type Publication = {
  publicationId: string;
  slug: string;
  kind: PublicationKind;
  status: PublicationStatus;
  title: string;
  campaignId: string;
  campaignTitle: string;
  contributorId: string;
  questionId: string | null;
  videoId: string | null;
  speakers: { contributorId: string; name: string }[];
  publishedAt: string;
  publishedBy: string;
  takenDownAt: string | null;
  takedownReason: string | null;
  shareUrl: string;
  embedUrl: string;
  iframeSnippet: string;
  captionsVttUrl: string;
  captionsSrtUrl: string;
  posterUrl: string;
  durationSeconds: number;
  stats: Stats;
};

export type PublicationPage = { items: Publication[]; nextCursor: string | null };

/** What staff publish: an approved answer, or an approved generated video. */
export type PublishTarget =
  | { kind: 'answer'; campaignId: string; contributorId: string; questionId: string }
  | { kind: 'video'; campaignId: string; videoId: string };

export type Wall = {
  wallId: string;
  title: string;
  campaignId: string | null;
  publicationIds: string[];
  wallUrl: string;
  iframeSnippet: string;
  scriptSnippet: string;
  createdAt: string;
  updatedAt: string;
};

export type WallPage = { items: Wall[]; nextCursor: string | null };

export type WallInput = { title: string; campaignId?: string; publicationIds?: string[] };

export type Consent = {
  contributorId: string;
  withdrawn: boolean;
  withdrawnAt: string | null;
  recordedBy: 'collaborator' | 'staff' | null;
  note: string | null;
  takenDown: { publicationId: string; title: string; takenDownAt: string }[];
};
