import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Checkbox } from '@/components/ui/Checkbox';
import { ConfirmButton } from '@/components/ui/ConfirmButton';
import { Dialog } from '@/components/ui/Dialog';
import { toast } from '@/stores/toast-store';
import {
  copyInviteLink,
  useDeleteContributorVideos,
  useReinvite,
  useRemoveContributor,
  useRevokeInvite,
  useSendForReRecording,
} from '../../api/contributors';
import type { CampaignContributor, ContributorAnswer } from '../../contributor-types';
import { UPLOAD_STATUS_LABELS } from './ContributorAnswersList';
import { OneTimeLink } from './OneTimeLink';

export const NO_LINK_MESSAGE = 'A new link was e-mailed, but it could not be shown here.';

type Props = { campaignId: string; contributor: CampaignContributor; open: boolean; onClose: () => void };

/**
 * "Copy a new link": a stored link cannot be copied (the server keeps only a hash of its key), so this
 * re-invites (a new link by e-mail, the previous one stops working) and copies the link the answer
 * carries. When the browser refuses to copy, the link is shown here to copy by hand.
 */
export function CopyNewLinkDialog({ campaignId, contributor, open, onClose }: Props) {
  const reinvite = useReinvite(campaignId, { announce: false });
  const [uncopied, setUncopied] = useState<string | null>(null);
  const name = contributor.fullName || contributor.email;
  const close = () => {
    setUncopied(null);
    onClose();
  };
  const confirm = async () => {
    let link: string | null | undefined;
    try {
      const res = await reinvite.mutateAsync(contributor.contributorId);
      link = res.contributor.inviteLink;
      // Unsubscribed: nobody e-mailed them; the copied link is how they get it.
      if (!res.mailed) toast.info(res.message);
    } catch {
      return; // toasted by the API client
    }
    if (!link) {
      toast.error(NO_LINK_MESSAGE);
      return;
    }
    if (await copyInviteLink(link)) close();
    else setUncopied(link);
  };
  return (
    <Dialog
      open={open}
      title="Copy a new link?"
      onClose={close}
      footer={
        uncopied ? (
          <Button onClick={close}>Done</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <ConfirmButton loading={reinvite.isPending} onClick={() => void confirm()}>
              Copy a new link
            </ConfirmButton>
          </>
        )
      }
    >
      {uncopied ? (
        <>
          <p>
            <strong>{name}</strong> was e-mailed a new link. It could not be copied automatically and is shown only
            this once: copy it now.
          </p>
          <OneTimeLink link={uncopied} label={`New link of ${name}`} />
        </>
      ) : (
        <>
          <p>
            Invitation links are shown only once, when they are made, so the current link of{' '}
            <strong>{name}</strong> cannot be copied again.
          </p>
          <p>
            A new link is made and copied to your clipboard. <strong>{name}</strong> gets the new link by e-mail, and
            the previous one stops working.
          </p>
        </>
      )}
    </Dialog>
  );
}

/** Removes a collaborator from the campaign, keeping or deleting their recordings. */
export function RemoveContributorDialog({ campaignId, contributor, open, onClose }: Props) {
  const remove = useRemoveContributor(campaignId);
  const [deleteJourney, setDeleteJourney] = useState(false);
  const close = () => {
    setDeleteJourney(false);
    onClose();
  };
  return (
    <Dialog
      open={open}
      title="Remove collaborator?"
      onClose={close}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <ConfirmButton
            variant="danger"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate({ contributorId: contributor.contributorId, deleteJourney }, { onSuccess: close })
            }
          >
            Remove collaborator
          </ConfirmButton>
        </>
      }
    >
      <p>
        <strong>{contributor.fullName || contributor.email}</strong> will be removed from this campaign and their
        invitation link will stop working.
      </p>
      <fieldset className="space-y-2">
        <legend className="mb-1 font-medium">Their recordings</legend>
        <label className="flex items-center gap-2">
          <input type="radio" name="deleteJourney" checked={!deleteJourney} onChange={() => setDeleteJourney(false)} />
          Keep their recordings
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name="deleteJourney" checked={deleteJourney} onChange={() => setDeleteJourney(true)} />
          Delete their recordings too
        </label>
      </fieldset>
      {deleteJourney && <p className="text-danger">Their videos for this campaign will be deleted. This cannot be undone.</p>}
    </Dialog>
  );
}

/** Revokes a collaborator's link: it stops working at once (a new link can be sent later). */
export function RevokeLinkDialog({ campaignId, contributor, open, onClose }: Props) {
  const revoke = useRevokeInvite(campaignId);
  return (
    <Dialog
      open={open}
      title="Revoke invitation link?"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <ConfirmButton variant="danger" loading={revoke.isPending} onClick={() => revoke.mutate(contributor.contributorId, { onSuccess: onClose })}>
            Revoke link
          </ConfirmButton>
        </>
      }
    >
      <p>
        The link of <strong>{contributor.fullName || contributor.email}</strong> will stop working at once. Their recordings are kept, and
        &quot;Re-invite&quot; e-mails them a new link.
      </p>
    </Dialog>
  );
}

/** Deletes a collaborator's videos for this campaign; they stay invited. */
export function DeleteVideosDialog({ campaignId, initiativeId, contributor, open, onClose }: Props & { initiativeId: string }) {
  const remove = useDeleteContributorVideos(campaignId, initiativeId);
  return (
    <Dialog
      open={open}
      title="Delete videos?"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <ConfirmButton
            variant="danger"
            loading={remove.isPending}
            onClick={() => remove.mutate(contributor.contributorId, { onSuccess: onClose })}
          >
            Delete videos
          </ConfirmButton>
        </>
      }
    >
      <p>
        Every video <strong>{contributor.fullName || contributor.email}</strong> recorded for this campaign will be
        deleted. They stay invited and can record again. This cannot be undone.
      </p>
    </Dialog>
  );
}

/** Picks questions to send back to the collaborator for re-recording. */
export function ReRecordDialog({ campaignId, contributor, answers, open, onClose }: Props & { answers: ContributorAnswer[] }) {
  const send = useSendForReRecording(campaignId);
  const [picked, setPicked] = useState<string[]>([]);
  const close = () => {
    setPicked([]);
    onClose();
  };
  const sorted = [...answers].sort((a, b) => a.sequence - b.sequence);
  const toggle = (id: string) => setPicked((p) => (p.includes(id) ? p.filter((x) => x !== id) : [...p, id]));
  return (
    <Dialog
      open={open}
      title="Send back for re-recording"
      onClose={close}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <ConfirmButton
            disabled={picked.length === 0}
            loading={send.isPending}
            onClick={() =>
              send.mutate(
                { contributorId: contributor.contributorId, campaignQuestionIds: picked },
                { onSuccess: close },
              )
            }
          >
            Send back
          </ConfirmButton>
        </>
      }
    >
      <p>
        Pick the questions <strong>{contributor.fullName || contributor.email}</strong> should record again. They get an
        e-mail with a new link, and the previous link stops working; their journey then asks only these questions.
      </p>
      {sorted.length === 0 ? (
        <p className="text-muted">This campaign has no questions yet.</p>
      ) : (
        <fieldset className="space-y-2">
          <legend className="sr-only">Questions</legend>
          {sorted.map((a) => (
            <label key={a.campaignQuestionId} className="flex items-start gap-2">
              <Checkbox checked={picked.includes(a.campaignQuestionId)} onChange={() => toggle(a.campaignQuestionId)} />
              <span>
                {a.sequence}. {a.question}{' '}
                <span className="text-xs text-muted">
                  ({a.sentForReRecording ? 'already sent back' : UPLOAD_STATUS_LABELS[a.uploadStatus]})
                </span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
    </Dialog>
  );
}
