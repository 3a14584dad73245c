/**
 * Collaborator (contributor) shapes of the issue 4 contract, as the staff panel uses them.
 * Written by hand until the calls are in the generated schema; see api/contributors.ts.
 */

export type ContributorStatus = 'invited' | 'activated' | 'suspended';

export type CampaignContributor = {
  contributorId: string;
  email: string;
  firstName: string;
  lastName: string;
  fullName: string;
  status: ContributorStatus;
  linkRevoked: boolean;
  /** null when revoked */
  inviteLink: string | null;
  invitedAt: string;
  startedJourney: boolean;
  submittedAt: string | null;
  answeredCount: number;
  questionCount: number;
};

export type Contributor = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  isSuspended: boolean;
  createdAt: string;
  campaignCount: number;
};

export type VideoInfo = {
  key: string;
  /** presigned GET, 1 hour */
  url: string;
  durationSeconds: number;
  sizeBytes: number;
  width: number | null;
  height: number | null;
  container: 'mp4' | 'webm' | 'mov' | 'mkv' | null;
  deviceType: 'Mobile' | 'Tablet' | 'Desktop' | null;
  uploadedAt: string | null;
};

export type UploadStatus = 'none' | 'uploading' | 'stored' | 'failed';

export type ContributorAnswer = {
  campaignQuestionId: string;
  question: string;
  sequence: number;
  uploadStatus: UploadStatus;
  failureReason: string | null;
  sentForReRecording: boolean;
  video: VideoInfo | null;
};

export type ContributorAnswers = {
  contributor: CampaignContributor;
  answers: ContributorAnswer[];
};

type Message = { message: string };
type ErrorBody = { detail: string } | { field: string; message: string }[];

/** One operation in the openapi-typescript shape (enough for openapi-fetch). */
type Params<Path, Query> = ([Path] extends [never] ? { path?: never } : { path: Path }) & {
  query?: [Query] extends [never] ? never : Query;
  header?: never;
  cookie?: never;
};
type Op<Path, Query, Body, Res> = {
  parameters: Params<Path, Query>;
  requestBody: { content: { 'application/json': Body } };
  responses: {
    200: { headers: Record<string, unknown>; content: { 'application/json': Res } };
    201: { headers: Record<string, unknown>; content: { 'application/json': Res } };
    400: { headers: Record<string, unknown>; content: { 'application/json': ErrorBody } };
  };
};
type NoBody<Path, Query, Res> = Omit<Op<Path, Query, never, Res>, 'requestBody'> & { requestBody?: never };
type PathItem = {
  parameters: { query?: never; header?: never; path?: never; cookie?: never };
  get?: never;
  put?: never;
  post?: never;
  delete?: never;
};

export type InviteResponse = { message: string; contributor: CampaignContributor; campaignLive: boolean };

export type ContributorPaths = {
  '/campaign/add-contributor': Omit<PathItem, 'post'> & {
    post: Op<never, never, { campaignId: string; email: string; firstName: string; lastName: string }, InviteResponse>;
  };
  '/contributor/campaignContributorList/{campaignId}': Omit<PathItem, 'get'> & {
    get: NoBody<{ campaignId: string }, never, CampaignContributor[]>;
  };
  '/contributor/{campaignId}/all': Omit<PathItem, 'get'> & {
    get: NoBody<{ campaignId: string }, never, ContributorAnswers[]>;
  };
  '/contributor/update/{contributorId}': Omit<PathItem, 'put'> & {
    put: Op<{ contributorId: string }, never, { isSuspended: boolean }, Message & { contributor: Contributor }>;
  };
  '/contributor/revoke': Omit<PathItem, 'post'> & {
    post: Op<never, never, { campaignId: string; contributorId: string }, Message>;
  };
  '/contributor/reinvite': Omit<PathItem, 'post'> & {
    post: Op<never, never, { campaignId: string; contributorId: string }, Message & { contributor: CampaignContributor }>;
  };
  '/campaign/remove-contributor/{campaignId}/{contributorId}': Omit<PathItem, 'delete'> & {
    delete: NoBody<{ campaignId: string; contributorId: string }, { deleteJourney?: boolean }, Message>;
  };
  '/contributor/{initiativeId}/{campaignId}/{contributorId}/videos': Omit<PathItem, 'delete'> & {
    delete: NoBody<{ initiativeId: string; campaignId: string; contributorId: string }, never, Message>;
  };
  '/contributor-journey/re-record': Omit<PathItem, 'post'> & {
    post: Op<never, never, { campaignId: string; contributorId: string; campaignQuestionIds: string[] }, Message>;
  };
};
