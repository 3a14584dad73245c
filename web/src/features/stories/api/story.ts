import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '@/lib/api/client';
import type { components } from '@/types/schema';

export type Story = components['schemas']['Story'];
export type StoryRender = components['schemas']['StoryRender'];
export type StoryFormat = components['schemas']['StoryFormat'];
export type Framing = components['schemas']['Framing'];
export type DroppedClip = components['schemas']['DroppedClip'];
export type StoryContent = components['schemas']['StoryContent'];
export type ProvenanceClip = components['schemas']['ProvenanceClip'];

export const storyKeys = {
  story: (campaignId: string, storyId: string) => ['stories', campaignId, 'story', storyId] as const,
};

/** A story is read again this often while one of its renders is processing. */
export const RENDER_POLL_MS = 2000;

const rendering = (story: Story | undefined) => !!story?.renders.some((r) => r.status === 'processing');

/** A story with its clips' warnings and its renders; re-read while a render is processing. */
export function useStory(campaignId: string, storyId: string | null) {
  return useQuery({
    queryKey: storyKeys.story(campaignId, storyId ?? ''),
    queryFn: ({ signal }) =>
      call(
        api.GET('/generated-videos/stories/{campaignId}/{storyId}', { params: { path: { campaignId, storyId: storyId! } }, signal }),
        { toast: false },
      ),
    enabled: !!storyId,
    refetchInterval: (query) => (rendering(query.state.data) ? RENDER_POLL_MS : false),
  });
}

/** Saves a new story (POST) or the story over the version read (PUT: 409 when it changed since). */
export function useSaveStory(campaignId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ storyId, version, content }: { storyId: string | null; version: number; content: StoryContent }) =>
      storyId
        ? call(
            api.PUT('/generated-videos/stories/{campaignId}/{storyId}', {
              params: { path: { campaignId, storyId } },
              body: { ...content, version },
            }),
            { toast: false },
          )
        : call(api.POST('/generated-videos/stories/save', { body: { ...content, campaignId } }), { toast: false }),
    onSuccess: (story) => qc.setQueryData(storyKeys.story(campaignId, story.storyId), story),
  });
}

export type RenderChoice = { format: StoryFormat; framing: Framing; burnCaptions: boolean };

/** Asks for a render of one format; the story is read again (and then while it processes). */
export function useRenderStory(campaignId: string, storyId: string | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (choice: RenderChoice) =>
      call(
        api.POST('/generated-videos/stories/render/{campaignId}/{storyId}', {
          params: { path: { campaignId, storyId: storyId! } },
          body: choice,
        }),
        { toast: false },
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: storyKeys.story(campaignId, storyId ?? '') }),
  });
}
