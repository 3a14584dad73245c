/**
 * The generated-video calls as fixed in the contract between the API and this screen
 * (`POST /generated-videos/save` and the lists, approval and delete). Typed here so the screen builds
 * before the calls are in the generated client; the typed client is the same object (`api`) with
 * these paths, so its token and session handling apply.
 */
import type { Client } from 'openapi-fetch';
import { api } from '@/lib/api/client';

export type Captions = 'none' | 'burnedIn' | 'webvtt';
export type Clip = { journeyId: string; start: number; end: number };
export type Edit = { clips: Clip[]; titleCard: { text: string; seconds: number } | null; captions: Captions };
export type GeneratedVideoStatus = 'processing' | 'ready' | 'failed';

export type GeneratedVideo = {
  videoId: string;
  campaignId: string;
  contributorId: string;
  title: string;
  status: GeneratedVideoStatus;
  failureReason: string | null;
  approved: boolean;
  approvedAt: string | null;
  edit: Edit;
  durationSeconds: number | null;
  width: number | null;
  height: number | null;
  url: string | null;
  downloadUrl: string | null;
  posterUrl: string | null;
  captionsUrl: string | null;
  createdAt: string;
  updatedAt: string;
  createdBy: string;
};

export type GeneratedVideoPage = { items: GeneratedVideo[]; nextCursor?: string | null };
type Message = { message: string };
type ErrorBody = { detail: string; errors?: { field: string; message: string }[]; requestId?: string };
type Json<T> = { content: { 'application/json': T } };
type Errors = { [status in 400 | 401 | 403 | 404 | 409 | 413]?: Json<ErrorBody> };
type PageQuery = { cursor?: string; limit?: number };

export type GeneratedVideoPaths = {
  '/generated-videos/save': {
    post: {
      requestBody: Json<{ campaignId: string; contributorId: string; title: string; edit: Edit }>;
      responses: { 202: Json<GeneratedVideo> } & Errors;
    };
  };
  '/generated-videos/{campaignId}/{contributorId}': {
    get: {
      parameters: { path: { campaignId: string; contributorId: string }; query?: PageQuery };
      responses: { 200: Json<GeneratedVideoPage> } & Errors;
    };
  };
  '/generated-videos/{campaignId}': {
    get: { parameters: { path: { campaignId: string }; query?: PageQuery }; responses: { 200: Json<GeneratedVideoPage> } & Errors };
  };
  '/generated-videos/approved/{campaignId}': {
    get: { parameters: { path: { campaignId: string }; query?: PageQuery }; responses: { 200: Json<GeneratedVideoPage> } & Errors };
  };
  '/generated-videos/delete/{campaignId}/{videoId}': {
    delete: { parameters: { path: { campaignId: string; videoId: string } }; responses: { 200: Json<Message> } & Errors };
  };
  '/generated-videos/approval/{campaignId}/{videoId}': {
    put: {
      parameters: { path: { campaignId: string; videoId: string } };
      requestBody: Json<{ approved: boolean }>;
      responses: { 200: Json<GeneratedVideo> } & Errors;
    };
  };
};

/** The staff client seen with the contract's paths. */
export const contractApi = api as unknown as Client<GeneratedVideoPaths>;
