/**
 * The staff publishing API's shapes, from the generated types of openapi.json (so a change of
 * the API fails the typecheck), and the narrower inputs the screens build.
 */
import type { components } from '@/types/schema';

type Schemas = components['schemas'];

export type Stats = Schemas['Stats'];
export type PublicationStatus = Schemas['PublicationStatus'];
export type PublicationKind = Schemas['PublicationKind'];
export type Publication = Schemas['Publication'];
export type PublicationPage = Schemas['PublicationPage'];
export type Wall = Schemas['Wall'];
export type WallPage = Schemas['WallPage'];
export type Consent = Schemas['Consent'];

/** What staff publish: an approved answer, or an approved generated video. */
export type PublishTarget =
  | { kind: 'answer'; campaignId: string; contributorId: string; questionId: string }
  | { kind: 'video'; campaignId: string; videoId: string };

export type WallInput = { title: string; campaignId?: string; publicationIds?: string[] };
