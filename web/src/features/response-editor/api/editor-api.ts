import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { paths } from '@/types/schema';
import { toast } from '@/stores/toast-store';
import type { Edit, GeneratedVideo, GeneratedVideoPage } from './generated-videos-contract';

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
export type TakeInfo = Json<paths['/campaign/video-info/{campaignId}/{contributorId}/{journeyId}']['get']['responses'][200]>;
export type JourneyQuestion = Json<paths['/contributor-journey/all-questions/{tenantId}/{campaignId}/{contributorId}']['get']['responses'][200]>[number];
export type EditorState = Json<paths['/user-state/{id}/get']['get']['responses'][200]>['state'];

/** Spec section 8: what a failed generation tells the user. */
export const GENERATE_FAILED_MESSAGE =
  'The video could not be generated. Please check the transcription of the answers, or contact support.';
export const generatedMessage = (title: string) => `Video "${title}" is being generated`;
export const TRANSCRIPT_STALE_MESSAGE = 'The transcript was changed by someone else; it has been reloaded. Please correct it again.';

export const editorKeys = {
  answers: (campaignId: string, contributorId: string) => ['editor-answers', campaignId, contributorId] as const,
  contributor: (campaignId: string, contributorId: string) => ['editor-contributor', campaignId, contributorId] as const,
  take: (campaignId: string, contributorId: string, journeyId: string) => ['editor-take', campaignId, contributorId, journeyId] as const,
  state: (campaignId: string, contributorId: string) => ['editor-state', campaignId, contributorId] as const,
  videos: (campaignId: string) => ['generated-videos', campaignId] as const,
  contributorVideos: (campaignId: string, contributorId: string) => ['generated-videos', campaignId, 'of', contributorId] as const,
  campaignVideos: (campaignId: string) => ['generated-videos', campaignId, 'all'] as const,
  approvedVideos: (campaignId: string) => ['generated-videos', campaignId, 'approved'] as const,
};

/** Every question of the campaign with this collaborator's answer (staff view of the journey). */
export function useEditorAnswers(tenantId: string, campaignId: string, contributorId: string) {
  return useQuery({
    queryKey: editorKeys.answers(campaignId, contributorId),
    queryFn: ({ signal }) =>
      call(
        api.GET('/contributor-journey/all-questions/{tenantId}/{campaignId}/{contributorId}', {
          params: { path: { tenantId, campaignId, contributorId }, query: { exceptCollaborator: true } },
          signal,
        }),
      ),
    select: (questions) => [...questions].sort((a, b) => a.sequence - b.sequence),
  });
}

/** The collaborator's name and the campaign's title, as staff look at them. */
export function useEditorContributor(tenantId: string, campaignId: string, contributorId: string) {
  return useQuery({
    queryKey: editorKeys.contributor(campaignId, contributorId),
    queryFn: ({ signal }) =>
      call(
        api.GET('/contributor/{tenantId}/{campaignId}/{contributorId}', {
          params: { path: { tenantId, campaignId, contributorId }, query: { adminAccess: true } },
          signal,
        }),
        { toast: false },
      ),
  });
}

const settling = (take: TakeInfo | undefined) =>
  !!take && (take.status === 'processing' || take.transcript.status === 'pending');

/** One answer's take: playable MP4, poster, transcript. Re-read every 5 s while it is processed. */
export function takeQuery(campaignId: string, contributorId: string, journeyId: string, enabled: boolean) {
  return {
    queryKey: editorKeys.take(campaignId, contributorId, journeyId),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      call(
        api.GET('/campaign/video-info/{campaignId}/{contributorId}/{journeyId}', {
          params: { path: { campaignId, contributorId, journeyId } },
          signal,
        }),
        { toast: false },
      ),
    enabled,
    // The presigned URLs last an hour; a re-read within it would restart the players needlessly.
    staleTime: 30 * 60 * 1000,
    refetchInterval: (q: { state: { data?: TakeInfo } }) => (settling(q.state.data) ? 5000 : false),
  };
}

export type AnswerCaptions = Json<paths['/campaign/captions/{campaignId}/{contributorId}/{journeyId}']['get']['responses'][200]>;

/**
 * An answer's captions (WebVTT for the player, SRT and WebVTT to download), made by the API from the
 * transcript; read again when a correction gives the transcript a new version.
 */
export function useAnswerCaptions(campaignId: string, contributorId: string, journeyId: string, version: number | null | undefined) {
  return useQuery({
    queryKey: [...editorKeys.take(campaignId, contributorId, journeyId), 'captions', version] as const,
    queryFn: ({ signal }) =>
      call(
        api.GET('/campaign/captions/{campaignId}/{contributorId}/{journeyId}', {
          params: { path: { campaignId, contributorId, journeyId } },
          signal,
        }),
        { toast: false },
      ),
    enabled: version != null,
    staleTime: Infinity,
  });
}

/** A generated video's captions (read when staff download them). */
export function fetchVideoCaptions(campaignId: string, videoId: string) {
  return call(api.GET('/generated-videos/captions/{campaignId}/{videoId}', { params: { path: { campaignId, videoId } } }));
}

/** Queues the conversion of an answer's failed take again (staff); it is re-read while it is processed. */
export function useRetryTake(campaignId: string, contributorId: string, journeyId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () =>
      call(api.POST('/generated-videos/answer-retry', { body: { campaignId, contributorId, journeyId } })),
    onSuccess: (res) => {
      toast.success(res?.message || "The answer's video is being prepared again");
      return qc.invalidateQueries({ queryKey: editorKeys.take(campaignId, contributorId, journeyId) });
    },
  });
}

/** Corrects one word (it keeps its timing). 409: the transcript changed since it was read. */
export function useCorrectWord(campaignId: string, contributorId: string, journeyId: string) {
  const qc = useQueryClient();
  const key = editorKeys.take(campaignId, contributorId, journeyId);
  return useMutation({
    mutationFn: ({ index, text, version }: { index: number; text: string; version: number }) =>
      call(
        api.POST('/campaign/transcription/save', {
          body: { campaignId, contributorId, journeyId, version, edits: [{ index, text }] },
        }),
        { toast: false },
      ),
    onSuccess: (transcript) => {
      qc.setQueryData<TakeInfo>(key, (take) => (take ? { ...take, transcript } : take));
      toast.success('Transcript corrected');
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        toast.error(TRANSCRIPT_STALE_MESSAGE);
        void qc.invalidateQueries({ queryKey: key });
      } else toast.error(error instanceof ApiError ? error.message : 'Something went wrong');
    },
  });
}

/** The caller's saved editor state for this collaborator (empty when none). */
export function useEditorState(campaignId: string, contributorId: string) {
  return useQuery({
    queryKey: editorKeys.state(campaignId, contributorId),
    queryFn: ({ signal }) =>
      call(api.GET('/user-state/{id}/get', { params: { path: { id: contributorId }, query: { campaignId } }, signal })),
    staleTime: Infinity,
    gcTime: 0,
  });
}

export function saveEditorState(campaignId: string, contributorId: string, state: EditorState) {
  return call(api.POST('/user-state/save', { body: { campaignId, contributorId, state } }), { toast: false });
}

function useVideoPages(key: readonly unknown[], fetchPage: (cursor: string | undefined, signal: AbortSignal) => Promise<GeneratedVideoPage>) {
  return useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam, signal }: { pageParam: string | null; signal: AbortSignal }) => fetchPage(pageParam ?? undefined, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: GeneratedVideoPage): string | null | undefined => last.nextCursor || undefined,
    // Poll while one of the loaded videos is still being rendered.
    refetchInterval: (q) =>
      q.state.data?.pages.some((p) => p.items.some((v) => v.status === 'processing')) ? 3000 : false,
  });
}

const pageQuery = (cursor: string | undefined) => (cursor ? { cursor } : undefined);

export function useContributorVideos(campaignId: string, contributorId: string) {
  return useVideoPages(editorKeys.contributorVideos(campaignId, contributorId), (cursor, signal) =>
    call(
      api.GET('/generated-videos/{campaignId}/{contributorId}', {
        params: { path: { campaignId, contributorId }, query: pageQuery(cursor) },
        signal,
      }),
      { toast: false },
    ),
  );
}

export function useCampaignVideos(campaignId: string) {
  return useVideoPages(editorKeys.campaignVideos(campaignId), (cursor, signal) =>
    call(api.GET('/generated-videos/{campaignId}', { params: { path: { campaignId }, query: pageQuery(cursor) }, signal }), {
      toast: false,
    }),
  );
}

export function useApprovedVideos(campaignId: string) {
  return useVideoPages(editorKeys.approvedVideos(campaignId), (cursor, signal) =>
    call(
      api.GET('/generated-videos/approved/{campaignId}', { params: { path: { campaignId }, query: pageQuery(cursor) }, signal }),
      { toast: false },
    ),
  );
}

export function useGenerateVideo(campaignId: string, contributorId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ title, edit }: { title: string; edit: Edit }) =>
      call(api.POST('/generated-videos/save', { body: { campaignId, contributorId, title, edit } }), { toast: false }),
    onSuccess: (video: GeneratedVideo) => {
      toast.success(generatedMessage(video.title));
      return qc.invalidateQueries({ queryKey: editorKeys.videos(campaignId) });
    },
    onError: (error) => {
      toast.error(GENERATE_FAILED_MESSAGE);
      // A refused edit (400) also says what to change.
      if (error instanceof ApiError && error.status === 400) toast.warning(error.message);
    },
  });
}

export function useSetApproved(campaignId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ videoId, approved }: { videoId: string; approved: boolean }) =>
      call(
        api.PUT('/generated-videos/approval/{campaignId}/{videoId}', {
          params: { path: { campaignId, videoId } },
          body: { approved },
        }),
      ),
    onSuccess: (video) => {
      toast.success(video.approved ? `Video "${video.title}" approved` : `Video "${video.title}" is no longer approved`);
      return qc.invalidateQueries({ queryKey: editorKeys.videos(campaignId) });
    },
  });
}

export function useDeleteVideo(campaignId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (videoId: string) =>
      call(api.DELETE('/generated-videos/delete/{campaignId}/{videoId}', { params: { path: { campaignId, videoId } } })),
    onSuccess: (res) => {
      toast.success(res?.message || 'Video deleted successfully');
      return qc.invalidateQueries({ queryKey: editorKeys.videos(campaignId) });
    },
  });
}

/** Queues a failed generated video's render again (staff); it shows "Processing" until it settles. */
export function useRetryVideo(campaignId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (videoId: string) =>
      call(api.POST('/generated-videos/retry/{campaignId}/{videoId}', { params: { path: { campaignId, videoId } } })),
    onSuccess: (video) => {
      toast.success(`Video "${video.title}" is being generated again`);
      return qc.invalidateQueries({ queryKey: editorKeys.videos(campaignId) });
    },
  });
}

/** Remembers that the tour was skipped or finished, and updates the signed-in user. */
export function skipTour() {
  return call(api.PUT('/user/skip-tour', { body: { skippedEditorTour: true } }));
}
