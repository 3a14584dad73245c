import type { EditorExtras } from '@/features/response-editor/components/extras';
import { AnswerPublish, VideoPublish } from '@/features/publishing/components/EditorPublish';
import { canPublish } from '@/features/publishing/lib/roles';
import { roleOf } from '@/lib/auth';
import type { CurrentUser } from '@/types/api';

/** Publishing in the response editor: on its approved answers and approved generated videos. */
export function editorExtras(user: CurrentUser | null, campaignId: string | undefined, collaboratorId: string | undefined): EditorExtras {
  const canEdit = canPublish(roleOf(user));
  if (!campaignId || !collaboratorId) return {};
  return {
    answer: (journeyId, question) => (
      <AnswerPublish campaignId={campaignId} contributorId={collaboratorId} journeyId={journeyId} name={`the answer to ${question}`} canEdit={canEdit} />
    ),
    video: (video) => <VideoPublish video={video} canEdit={canEdit} />,
  };
}
