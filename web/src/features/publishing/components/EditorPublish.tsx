import { useApprovedAnswers } from '../api/publishing-api';
import { PublishControl } from './PublishControl';

/** Publish on an answer of the response editor, once staff approved it (in Responses or the collaborators panel). */
export function AnswerPublish({
  campaignId,
  contributorId,
  journeyId,
  name,
  canEdit,
}: {
  campaignId: string;
  contributorId: string;
  journeyId: string;
  name: string;
  canEdit: boolean;
}) {
  const approved = useApprovedAnswers(campaignId, contributorId);
  if (approved.isPending) return null;
  return (
    <PublishControl
      target={{ kind: 'answer', campaignId, contributorId, questionId: journeyId }}
      name={name}
      // Unknown (the index could not be read): offered, and the API says if it is not approved.
      approved={approved.isError || approved.data.has(journeyId)}
      canEdit={canEdit}
    />
  );
}

/** Publish on an approved generated video. */
export function VideoPublish({ video, canEdit }: { video: { campaignId: string; videoId: string; title: string; approved: boolean }; canEdit: boolean }) {
  return (
    <PublishControl
      target={{ kind: 'video', campaignId: video.campaignId, videoId: video.videoId }}
      name={video.title}
      approved={video.approved}
      canEdit={canEdit}
    />
  );
}
